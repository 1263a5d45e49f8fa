import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { FINAL_STATUSES, TRANSITIONS, transition } from "./lifecycle";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

async function newOrder() {
  const id = randomBytes(6).toString("hex");
  return t.db.order.create({
    data: {
      ref: `r_${id}`,
      productType: "topup",
      idempotencyKey: `k_${id}`,
      customerEmail: "b@example.com",
      currency: "EUR",
      retailAmount: 1000,
      detail: {},
    },
  });
}

describe("order lifecycle", () => {
  it("moves an order and records the move in its timeline", async () => {
    const order = await newOrder();
    const moved = await transition(t.db, {
      orderId: order.id,
      from: "awaiting_payment",
      to: "paid",
      source: "buyer",
      message: "Paid",
      patch: { paidAt: new Date() },
    });
    expect(moved?.status).toBe("paid");
    expect(moved?.paidAt).toBeInstanceOf(Date);
    const events = await t.db.orderEvent.findMany({ where: { orderId: order.id } });
    expect(events).toMatchObject([
      { fromStatus: "awaiting_payment", toStatus: "paid", source: "buyer", message: "Paid" },
    ]);
  });

  it("does nothing, and says so with null, when the order is not in an expected status", async () => {
    const order = await newOrder();
    expect(await transition(t.db, { orderId: order.id, from: "paid", to: "placing", source: "worker" })).toBeNull();
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("awaiting_payment");
    expect(await t.db.orderEvent.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("lets exactly one of many racing callers win", async () => {
    const order = await newOrder();
    await transition(t.db, { orderId: order.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        transition(t.db, { orderId: order.id, from: "paid", to: "placing", source: "worker", actor: `w${i}` }).catch(
          () => null,
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await t.db.orderEvent.count({ where: { orderId: order.id, toStatus: "placing" } })).toBe(1);
  });

  it("refuses a move the lifecycle does not allow", async () => {
    const order = await newOrder();
    await expect(
      transition(t.db, { orderId: order.id, from: "awaiting_payment", to: "fulfilled", source: "worker" }),
    ).rejects.toThrow(/not a valid move/);
  });

  it("has no way out of refunded, and every final status is reachable", () => {
    expect(TRANSITIONS.refunded).toEqual([]);
    for (const status of FINAL_STATUSES) {
      expect(Object.values(TRANSITIONS).some((targets) => targets.includes(status))).toBe(true);
    }
  });
});
