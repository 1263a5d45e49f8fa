import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator/app";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";
import { createCommerceClient } from "@/lib/upstream/commerce/client";
import { parseApiKey } from "@/lib/upstream/commerce/auth";
import { createUnlockClient } from "@/lib/upstream/unlock/client";
import { connectionIdFor } from "@/lib/upstream/connection/registry";
import { applyCommerceOrder, applyUnlockStatus } from "./apply-upstream";
import type { UpstreamClients } from "./clients";
import { readPlacement } from "./detail";
import { placeOrder } from "@/lib/orders/placement";
import { MAX_PLACEMENT_ATTEMPTS } from "./placement-outcomes";
import { openFulfillment } from "./sealed-fulfillment";
import { IMEI, inFuture, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Upstream ids are unique only within one upstream account: a second sandbox (or a wiped one,
// a live key after a test key, another account) numbers its orders and tickets from the same
// start. Two connections that hand out the same order id and ticket id must each see their
// news land on their own order; news from a connection the shop never placed through changes
// nothing; an id answered twice by one connection is parked, never written onto the other
// order; and a placement that keeps failing backs off and stops.

let tb: OrderTestbed;
let second: RunningEmulator;
let clientsB: UpstreamClients;
const FAST = { baseDelayMs: 1, maxDelayMs: 5 };

beforeAll(async () => {
  [tb, second] = await Promise.all([startOrderTestbed(), startEmulator(0, { controls: true })]);
  const credentials = embeddedShopCredentials();
  clientsB = {
    commerce: createCommerceClient({
      baseUrl: second.url,
      auth: { kind: "api_key", ...parseApiKey(credentials.commerceApiKey)! },
      policy: FAST,
    }),
    unlock: createUnlockClient({
      baseUrl: second.url,
      svcKey: credentials.unlockSvcKey,
      svcSecret: credentials.unlockSvcSecret,
      policy: FAST,
    }),
  };
});
afterAll(async () => {
  await second?.close();
  await tb?.close();
});

const workerWith = (clients: UpstreamClients, ms: number) =>
  runWorkerOnce(tb.db, {
    workerId: "connections-worker",
    now: inFuture(ms),
    clients,
  });

async function placedTopupThrough(clients: UpstreamClients) {
  const [, , working] = await tb.eeAirtime();
  const order = await tb.paidTopup(working!.token);
  return (await placeOrder(tb.db, order.id, { source: "buyer", clients }))!;
}

async function placedUnlockThrough(clients: UpstreamClients) {
  const order = await tb.paidOrder("unlock", {
    deviceId: UNLOCK_PAIR.deviceId,
    networkId: UNLOCK_PAIR.networkId,
    imei: IMEI.availableLater,
    toolId: UNLOCK_PAIR.toolDays,
    guaranteedTimeType: "days",
  });
  return (await placeOrder(tb.db, order.id, { source: "buyer", clients }))!;
}

describe("two connections with the same upstream ids", () => {
  let topupA: Awaited<ReturnType<typeof placedTopupThrough>>;
  let topupB: Awaited<ReturnType<typeof placedTopupThrough>>;

  it("records which connection placed each order, and both get the same upstream order id", async () => {
    topupA = await placedTopupThrough(tb.clients);
    topupB = await placedTopupThrough(clientsB);
    expect(topupA.upstreamOrderId).toBe(topupB.upstreamOrderId);
    expect(topupA.upstreamConnectionId).toBeTruthy();
    expect(topupB.upstreamConnectionId).toBeTruthy();
    expect(topupA.upstreamConnectionId).not.toBe(topupB.upstreamConnectionId);
  });

  it("applies each connection's news (webhook record) to its own order only", async () => {
    await second.ctx.clock.advance(5_000);
    await second.ctx.scheduler.runDue();
    const fulfilledB = await clientsB.commerce.getOrder(topupB.upstreamOrderId!);
    expect(fulfilledB.status).toBe("fulfilled");

    const connectionB = await connectionIdFor(tb.db, await clientsB.commerce.connection());
    expect(await applyCommerceOrder(tb.db, fulfilledB, { source: "webhook", connectionId: connectionB })).toEqual({
      orderId: topupB.id,
      changed: true,
    });
    expect((await tb.reload(topupB.id)).status).toBe("fulfilled");
    expect(await tb.reload(topupA.id)).toMatchObject({ status: "placed", upstreamStatus: topupA.upstreamStatus });
  });

  it("changes nothing for news from a connection the shop never placed through", async () => {
    const stranger = await connectionIdFor(tb.db, {
      api: "commerce",
      baseUrl: "https://other.example",
      environment: "production",
      account: "live_stranger",
    });
    const record = await clientsB.commerce.getOrder(topupB.upstreamOrderId!);
    const before = await tb.reload(topupA.id);
    expect(await applyCommerceOrder(tb.db, record, { source: "webhook", connectionId: stranger })).toEqual({
      orderId: null,
      changed: false,
    });
    expect(await applyCommerceOrder(tb.db, record, { source: "webhook", connectionId: null })).toEqual({
      orderId: null,
      changed: false,
    });
    expect(await tb.reload(topupA.id)).toEqual(before);
  });

  it("polls an order only through the connection it was placed through; another connection's order waits for staff", async () => {
    await tb.advanceClock(5_000);
    await workerWith(tb.clients, 60_000);
    expect(await tb.reload(topupA.id)).toMatchObject({ status: "fulfilled" });
    // topupB is already final, so make a fresh pair: placed through B, then polled by a worker on A.
    const laterB = await placedTopupThrough(clientsB);
    const run = await workerWith(tb.clients, 120_000);
    expect(run.errors).toBe(0);
    const parked = await tb.reload(laterB.id);
    expect(parked).toMatchObject({ status: "needs_attention", fulfillment: null });
    expect((await tb.events(laterB.id)).at(-1)?.data).toMatchObject({ code: "connection_changed" });
  });

  it("keeps unlock tickets with the same id apart: each poll reads its own ticket", async () => {
    const unlockA = await placedUnlockThrough(tb.clients);
    const unlockB = await placedUnlockThrough(clientsB);
    expect(unlockA.upstreamOrderId).toBe(unlockB.upstreamOrderId);
    expect(unlockA.upstreamConnectionId).not.toBe(unlockB.upstreamConnectionId);

    // B's ticket is made ready; A's is not. A worker on B finishes B's order only.
    const readyB = await clientsB.unlock.updateOrder(Number(unlockB.upstreamOrderId), { force: "nowait" });
    expect(readyB.status).toBe("available");
    await workerWith(clientsB, 3 * 3_600_000);
    const doneB = await tb.reload(unlockB.id);
    expect(doneB.status).toBe("fulfilled");
    expect(openFulfillment(doneB.fulfillment)).toMatchObject({ instructions: expect.any(String) });
    expect(await tb.reload(unlockA.id)).toMatchObject({ status: "needs_attention" });
    expect((await tb.events(unlockA.id)).at(-1)?.data).toMatchObject({ code: "connection_changed" });
    // The buyer's own ticket at A was never answered with B's instructions.
    expect((await tb.reload(unlockA.id)).fulfillment).toBeNull();
    // And applying B's answer by order id through the unlock path is refused for the wrong kind of order.
    await expect(
      applyUnlockStatus(tb.db, topupA.id, readyB, { source: "worker", unlock: clientsB.unlock }),
    ).rejects.toThrow(/topup order/);
  });
});

describe("one connection answering an id it already gave", () => {
  it("parks the new order with the id on its timeline, writes nothing to the old one, and does not re-send", async () => {
    const original = await placedTopupThrough(clientsB);
    // The sandbox is wiped: it numbers orders from the start again (same URL, same key).
    await fetch(`${second.url}/__control/reset`, { method: "POST" });
    await placedTopupThrough(clientsB); // ord_100001 again: taken by the first order placed through B
    const clash = await tb.db.order.findFirstOrThrow({
      where: { status: "needs_attention", upstreamOrderId: null },
      orderBy: { createdAt: "desc" },
    });
    expect(readPlacement(clash.detail)?.parked).toBe("upstream_id_conflict");
    const event = (await tb.events(clash.id)).at(-1)!;
    expect(event.data).toMatchObject({ code: "upstream_id_conflict", upstreamOrderId: expect.stringMatching(/^ord_/) });
    expect(await tb.reload(original.id)).toMatchObject({
      upstreamOrderId: original.upstreamOrderId,
      status: original.status,
    });

    // Parked orders are not re-sent by the worker.
    second.ctx.counters.clear();
    await workerWith(clientsB, 30 * 60_000);
    expect(second.ctx.counters.snapshot()["POST /v2/orders"] ?? 0).toBe(0);
  });
});

describe("a placement that keeps failing", () => {
  it("backs off exponentially and waits for staff after a bounded number of tries", async () => {
    const [, , working] = await tb.eeAirtime();
    const order = await tb.paidTopup(working!.token);
    await tb.fault({ method: "POST", path: "/v2/orders/preview", kind: "reset" });
    let at = 0;
    const gaps: number[] = [];
    for (let round = 0; round < MAX_PLACEMENT_ATTEMPTS + 3; round++) {
      await workerWith(tb.clients, at);
      const current = await tb.reload(order.id);
      if (current.status !== "placing" && current.status !== "paid") break;
      const next = current.nextPollAt!.getTime() - Date.now();
      gaps.push(next - at);
      at = next + 1_000;
    }
    await tb.clearFaults();
    const parked = await tb.reload(order.id);
    expect(parked.status).toBe("needs_attention");
    expect(readPlacement(parked.detail)).toMatchObject({
      parked: "retries_exhausted",
      attempts: MAX_PLACEMENT_ATTEMPTS,
    });
    // Each wait is longer than the one before, up to the cap.
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]! - 2_000);
    expect(gaps.at(-1)!).toBeGreaterThan(10 * gaps[0]!);
    // Parked: the worker leaves it alone.
    expect((await workerWith(tb.clients, at + 3_600_000)).claimed).toBe(0);
  });
});
