import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { mergeFulfillment } from "@/lib/orders/fulfillment";
import { readRedemption, readRevealedAt, recordCodeReveal } from "./reveal";

// Recording a gift card's first code reveal, against a real database (SQLite, or PostgreSQL
// with TEST_POSTGRES_URL): once, even when reveals race, and kept when the supplier's
// fulfillment update races the reveal.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const FULFILLED = {
  redemptionCode: "ABCD-EFGH-JKLM-NPQR",
  redemptionUrl: "https://redeem.example/ABCD-EFGH-JKLM-NPQR",
};

async function giftcardOrder(fulfillment: Prisma.InputJsonValue = FULFILLED) {
  const id = randomBytes(8).toString("hex");
  return t.db.order.create({
    data: {
      ref: randomBytes(18).toString("base64url"),
      productType: "giftcard",
      status: "fulfilled",
      idempotencyKey: `k_${id}`,
      customerEmail: "b@example.com",
      currency: "EUR",
      retailAmount: 2000,
      detail: {},
      fulfillment,
    },
  });
}

describe("gift card code reveal", () => {
  it("records the first reveal once, with one timeline event, and answers that time afterwards", async () => {
    const order = await giftcardOrder();
    const first = await recordCodeReveal(t.db, order.id, {
      now: new Date("2030-01-02T03:04:05.000Z"),
      actor: "user_1",
    });
    expect(first).toEqual({ revealedAt: "2030-01-02T03:04:05.000Z", first: true });
    const again = await recordCodeReveal(t.db, order.id, { now: new Date("2030-01-03T00:00:00.000Z") });
    expect(again).toEqual({ revealedAt: "2030-01-02T03:04:05.000Z", first: false });

    const stored = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect(readRevealedAt(stored.fulfillment)).toBe("2030-01-02T03:04:05.000Z");
    expect(readRedemption(stored.fulfillment)).toEqual({
      code: FULFILLED.redemptionCode,
      url: FULFILLED.redemptionUrl,
    });
    const reveals = stored.events.filter((e) => e.type === "code_revealed");
    expect(reveals).toHaveLength(1);
    expect(reveals[0]).toMatchObject({ source: "buyer", actor: "user_1" });
    // The code is the product: never copied into the timeline.
    expect(JSON.stringify(stored.events)).not.toContain(FULFILLED.redemptionCode);
  });

  it("records one reveal when ten arrive at once", async () => {
    const order = await giftcardOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        recordCodeReveal(t.db, order.id, { now: new Date(Date.UTC(2030, 0, 1, 0, 0, i)) }),
      ),
    );
    expect(results.filter((r) => r?.first)).toHaveLength(1);
    expect(new Set(results.map((r) => r?.revealedAt)).size).toBe(1);
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, type: "code_revealed" } })).toBe(1);
  });

  it("keeps the reveal when a supplier update is written after it (merge keeps unknown fields)", async () => {
    const order = await giftcardOrder();
    await recordCodeReveal(t.db, order.id);
    const current = await t.db.order.findUniqueOrThrow({ where: { id: order.id } });
    const merged = mergeFulfillment(current.fulfillment, {
      upstreamUpdatedAt: "2030-01-01T00:00:00Z",
      redemptionCode: FULFILLED.redemptionCode,
    });
    expect(readRevealedAt(merged)).not.toBeNull();
  });

  it("answers null for an unknown order and reads nothing from malformed fulfillment", async () => {
    expect(await recordCodeReveal(t.db, "no-such-order")).toBeNull();
    expect(readRedemption(null)).toBeNull();
    expect(readRedemption({ redemptionCode: "  " })).toBeNull();
    expect(readRedemption({ redemptionCode: "X", redemptionUrl: "javascript:alert(1)" })).toEqual({
      code: "X",
      url: null,
    });
    expect(readRevealedAt({ codeRevealedAt: "yesterday" })).toBeNull();
  });
});
