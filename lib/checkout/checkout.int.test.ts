import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { UpstreamError } from "@/lib/upstream/errors";
import { checkout, type CheckoutRequest, type PricedSale } from "./checkout";

// The shared checkout, as every product and channel meets it: one submission makes one order,
// the price the buyer saw must be the price charged, and every failure comes back in words.

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
const sale: PricedSale = {
  ok: true,
  productType: "giftcard",
  label: "Steam £15",
  facts: [],
  pricing,
  detail: { priceToken: "gc_x", giftcard: { brandName: "Steam" } },
  upstreamMode: "credits",
  sufficientCredits: true,
};
const messages = {
  startAgain: "start again",
  priceChanged: "price changed",
  failed: "could not create",
  unavailable: "product unavailable",
  what: "test order",
};

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    productType: "giftcard",
    submission: { submissionId: randomUUID(), submitterHash: "a".repeat(64), existing: null },
    customerEmail: "buyer@example.com",
    userId: null,
    expectedTotalMinor: 2002,
    price: async () => sale,
    context: { mode: "credits" },
    messages,
    ...overrides,
  };
}

describe("checkout", () => {
  it("creates the order from the priced sale, with the channel's detail beside the product's", async () => {
    const result = await checkout(t.db, request({ channelDetail: { counterSale: { staffId: "s1" } } }));
    expect(result).toMatchObject({ ok: true, resumed: false });
    if (!result.ok) return;
    const order = await t.db.order.findUniqueOrThrow({ where: { id: result.order.id } });
    expect(order).toMatchObject({
      productType: "giftcard",
      status: "awaiting_payment",
      retailAmount: 2002,
      upstreamMode: "credits",
    });
    expect(order.detail).toEqual({
      priceToken: "gc_x",
      giftcard: { brandName: "Steam" },
      counterSale: { staffId: "s1" },
    });
  });

  it("keeps the buyer's language on the order it makes (its mails are written in it)", async () => {
    const result = await checkout(t.db, request({ locale: "es" }));
    if (!result.ok) throw new Error(result.error);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: result.order.id } })).locale).toBe("es");
  });

  it("goes on with the order a submission already made, without pricing again", async () => {
    const price = vi.fn(async () => sale);
    const existing = {
      id: "o1",
      ref: "ref1",
      userId: null,
      status: "awaiting_payment",
      upstreamMode: "credits",
      submitterHash: null,
    };
    expect(
      await checkout(
        t.db,
        request({ price, submission: { submissionId: randomUUID(), submitterHash: null, existing } }),
      ),
    ).toEqual({ ok: true, order: existing, resumed: true });
    expect(price).not.toHaveBeenCalled();
  });

  it("makes no order when the price moved from what the buyer saw", async () => {
    const before = await t.db.order.count();
    expect(await checkout(t.db, request({ expectedTotalMinor: 1999 }))).toEqual({
      ok: false,
      priceChanged: true,
      error: "price changed",
    });
    expect(await t.db.order.count()).toBe(before);
  });

  it("answers the product's refusal, an upstream error's own message, and a bug with the fallback", async () => {
    const refusal = { ok: false as const, error: "That value is no longer offered.", field: "denomination" };
    expect(await checkout(t.db, request({ price: async () => refusal }))).toEqual(refusal);
    const upstream = new UpstreamError({
      api: "commerce",
      kind: "api",
      status: 409,
      code: "PRICE_TOKEN_EXPIRED",
      message: "expired",
    });
    expect(await checkout(t.db, request({ price: async () => Promise.reject(upstream) }))).toEqual({
      ok: false,
      error: upstream.userMessage,
    });
    expect(await checkout(t.db, request({ price: async () => Promise.reject(new TypeError("bug")) }))).toEqual({
      ok: false,
      error: "could not create",
    });
  });

  it("refuses a submission id that another buyer's order holds", async () => {
    const submissionId = randomUUID();
    expect(
      (await checkout(t.db, request({ submission: { submissionId, submitterHash: "a".repeat(64), existing: null } })))
        .ok,
    ).toBe(true);
    const other = await checkout(
      t.db,
      request({
        customerEmail: "other@example.com",
        submission: { submissionId, submitterHash: "b".repeat(64), existing: null },
      }),
    );
    expect(other).toEqual({ ok: false, error: "start again" });
  });
});
