import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createOrder, OrderSubmissionConflictError, type CreateOrderInput } from "./create";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const pricing = {
  currency: "EUR",
  amountMinor: 1755,
  serviceFeeMinor: 247,
  smsFeeMinor: 0,
  totalMinor: 2002,
  costMinor: 1878,
};
const input = (submissionId: string = randomUUID()): CreateOrderInput => ({
  productType: "topup",
  submissionId,
  customerEmail: " Buyer@Example.com ",
  detail: { priceToken: "tp_x", phone: "+447400123456" },
  pricing,
});

describe("createOrder", () => {
  it("creates an awaiting-payment order with an unguessable ref, a key derived from its id and a 'created' event", async () => {
    const order = await createOrder(t.db, input());
    expect(order).toMatchObject({
      status: "awaiting_payment",
      retailAmount: 2002,
      currency: "EUR",
      costAmount: 1878,
      costCurrency: "EUR",
      customerEmail: "buyer@example.com",
      upstreamMode: "credits",
      pricing,
    });
    // 18 random bytes = 144 bits, base64url.
    expect(order.ref).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(order.idempotencyKey).toBe(`order-${order.id}`);
    const events = await t.db.orderEvent.findMany({ where: { orderId: order.id } });
    expect(events).toMatchObject([{ type: "created", toStatus: "awaiting_payment", source: "buyer" }]);
  });

  it("keeps the buyer's language for the order's mails, English when none is given (the point of sale)", async () => {
    expect((await createOrder(t.db, { ...input(), locale: "es" })).locale).toBe("es");
    expect((await createOrder(t.db, input())).locale).toBe("en");
    await expect(createOrder(t.db, { ...input(), locale: "fr" as never })).rejects.toThrow();
  });

  it("gives every order a different ref", async () => {
    const refs = new Set(
      await Promise.all(Array.from({ length: 20 }, async () => (await createOrder(t.db, input())).ref)),
    );
    expect(refs.size).toBe(20);
  });

  it("answers a resent submission with the order it already made", async () => {
    const first = await createOrder(t.db, input("submission-resent-000001"));
    const again = await createOrder(t.db, input("submission-resent-000001"));
    expect(again.id).toBe(first.id);
  });

  it("makes one order of ten concurrent copies of the same submission (a double-clicked Pay)", async () => {
    const submissionId = randomUUID();
    const orders = await Promise.all(Array.from({ length: 10 }, () => createOrder(t.db, input(submissionId))));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    expect(await t.db.order.count({ where: { submissionId } })).toBe(1);
    expect(await t.db.orderEvent.count({ where: { orderId: orders[0]!.id } })).toBe(1);
  });

  it("refuses a submission id presented by someone else instead of handing over their order", async () => {
    const submissionId = randomUUID();
    await createOrder(t.db, input(submissionId));
    await expect(
      createOrder(t.db, { ...input(submissionId), customerEmail: "attacker@example.com" }),
    ).rejects.toBeInstanceOf(OrderSubmissionConflictError);
  });

  it("refuses pricing that does not add up, or is not in integer minor units", async () => {
    await expect(createOrder(t.db, { ...input(), pricing: { ...pricing, totalMinor: 1 } })).rejects.toThrow(
      /totalMinor/,
    );
    await expect(createOrder(t.db, { ...input(), pricing: { ...pricing, amountMinor: 17.55 } })).rejects.toThrow();
    await expect(createOrder(t.db, { ...input(), customerEmail: "not an email" })).rejects.toThrow();
  });
});
