import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { commerceFulfillment } from "@/lib/orders/fulfillment";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { startOrderTestbed, type OrderTestbed } from "@/testing/orders";
import { remainingData } from "./remaining-data";
import { USAGE_GATE_MS } from "./usage";

// The five-minute gate in front of GET /v2/esim/lines/{iccid}, against a real database and the
// emulator over HTTP: an eSIM really bought and fulfilled upstream, its order stored the way
// the order core stores it, then page views asking for its remaining data.

let t: OrderTestbed;

beforeAll(async () => {
  t = await startOrderTestbed();
});
afterAll(async () => t?.close());

/** A Europe plan bought with the shop's credits, fulfilled by the emulator's clock, stored as fulfilled. */
async function fulfilledEsimOrder(catalogId = "eu-3gb-15d") {
  const plan = await t.clients.commerce.getEsimProduct(catalogId);
  const created = await t.clients.commerce.createOrder(
    { price_token: plan.price_token, catalog_id: plan.catalog_id },
    { idempotencyKey: randomBytes(8).toString("hex") },
  );
  await t.advanceClock(60_000);
  const upstream = await t.clients.commerce.getOrder(String(created.order_id));
  expect(upstream.status).toBe("fulfilled");
  const id = randomBytes(8).toString("hex");
  return t.db.order.create({
    data: {
      ref: randomBytes(18).toString("base64url"),
      productType: "esim",
      status: "fulfilled",
      idempotencyKey: `k_${id}`,
      customerEmail: "b@example.com",
      currency: "EUR",
      retailAmount: 1500,
      detail: {},
      upstreamOrderId: String(created.order_id),
      fulfillment: commerceFulfillment(upstream) as Prisma.InputJsonValue,
    },
  });
}

/** Calls of GET /v2/esim/lines/{iccid} so far (the emulator counts by path). */
const linesCalls = async () =>
  Object.entries(await t.counters())
    .filter(([route]) => route.startsWith("GET /v2/esim/lines/"))
    .reduce((sum, [, n]) => sum + n, 0);

describe("eSIM remaining data behind the five-minute gate", () => {
  it("shows the balance stored at fulfillment without asking, then asks once per five minutes", async () => {
    const order = await fulfilledEsimOrder();
    // The emulator's clock was moved a minute on to fulfil the order: its balance check time is
    // a minute ahead of ours. Two minutes from now, that check is a minute old.
    const start = Date.now() + 120_000;
    const before = await linesCalls();

    // Just fulfilled: the order detail's balance (checked a minute ago) is shown as is.
    const first = await remainingData(t.db, order.id, { commerce: t.clients.commerce, now: () => new Date(start) });
    expect(first).toMatchObject({ asked: false, failed: false, usage: { unlimited: false, remainingGb: 3 } });
    expect(first.usage?.checkedAt).toBeTruthy();
    expect(await linesCalls()).toBe(before);

    // Five minutes later: one question, its answer stored with our ask time.
    const later = new Date(start + USAGE_GATE_MS + 1_000);
    await t.advanceClock(USAGE_GATE_MS + 1_000);
    const second = await remainingData(t.db, order.id, { commerce: t.clients.commerce, now: () => later });
    expect(second).toMatchObject({ asked: true, failed: false, usage: { lineStatus: expect.any(String) } });
    expect(await linesCalls()).toBe(before + 1);
    const stored = openFulfillment((await t.reload(order.id)).fulfillment);
    expect(stored.usageAskedAt).toBe(later.toISOString());
    expect(stored.balanceCheckedAt).toBe(second.usage?.checkedAt);
    // The order core's fields are kept.
    expect(stored.lpaString).toMatch(/^LPA:1\$/);

    // Reloads within five minutes of that question, from any instance: no call.
    for (const offset of [0, 60_000, USAGE_GATE_MS - 1]) {
      const again = await remainingData(t.db, order.id, {
        commerce: t.clients.commerce,
        now: () => new Date(later.getTime() + offset),
      });
      expect(again).toMatchObject({ asked: false, usage: second.usage });
    }
    expect(await linesCalls()).toBe(before + 1);

    // At five minutes the gate opens again.
    await remainingData(t.db, order.id, {
      commerce: t.clients.commerce,
      now: () => new Date(later.getTime() + USAGE_GATE_MS),
    });
    expect(await linesCalls()).toBe(before + 2);
  });

  it("ten page views at once ask the supplier once", async () => {
    const order = await fulfilledEsimOrder();
    const at = new Date(Date.now() + 10 * USAGE_GATE_MS);
    const before = await linesCalls();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => remainingData(t.db, order.id, { commerce: t.clients.commerce, now: () => at })),
    );
    expect(results.filter((r) => r.asked)).toHaveLength(1);
    expect(await linesCalls()).toBe(before + 1);
    for (const result of results) expect(result.usage?.remainingGb).not.toBeNull();
  });

  it("an unlimited plan reads as unlimited", async () => {
    const order = await fulfilledEsimOrder("eu-unlimited-7d");
    const result = await remainingData(t.db, order.id, {
      commerce: t.clients.commerce,
      now: () => new Date(Date.now() + 20 * USAGE_GATE_MS),
    });
    expect(result).toMatchObject({ asked: true, usage: { unlimited: true, remainingGb: null } });
  });

  it("when the supplier fails, the stored value is shown and the gate still holds", async () => {
    const order = await fulfilledEsimOrder();
    const at = Date.now() + 30 * USAGE_GATE_MS;
    await t.fault({ method: "GET", path: "/v2/esim/lines/*", kind: "status", status: 503, times: 10 });
    try {
      const result = await remainingData(t.db, order.id, { commerce: t.clients.commerce, now: () => new Date(at) });
      expect(result).toMatchObject({ asked: true, failed: true, usage: { remainingGb: 3 } });
      const before = await linesCalls();
      const again = await remainingData(t.db, order.id, {
        commerce: t.clients.commerce,
        now: () => new Date(at + 60_000),
      });
      expect(again.asked).toBe(false);
      expect(await linesCalls()).toBe(before);
    } finally {
      await t.clearFaults();
    }
  });

  it("never asks for orders that are not fulfilled eSIMs", async () => {
    const order = await fulfilledEsimOrder();
    await t.db.order.update({ where: { id: order.id }, data: { status: "refunded" } });
    const before = await linesCalls();
    const result = await remainingData(t.db, order.id, {
      commerce: t.clients.commerce,
      now: () => new Date(Date.now() + 40 * USAGE_GATE_MS),
    });
    expect(result.asked).toBe(false);
    expect(await linesCalls()).toBe(before);
    expect(await remainingData(t.db, "no-such-order", { commerce: t.clients.commerce })).toEqual({
      usage: null,
      asked: false,
      failed: false,
    });
  });
});
