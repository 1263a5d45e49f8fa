import { describe, expect, it } from "vitest";
import { checkoutHashOf, createdOrderSchema, orderRowSchema, orderSchema, previewSchema } from "./schemas";

// The order endpoints' answers as little as commerce-api-v2.md names them (C§2, C§4), beside the
// notes' fuller ones: the client must accept both (docs/upstream-contract.md).

describe("preview (C§2 'Preview result': the breakdown in words only)", () => {
  it("reads the observed names", () => {
    const preview = previewSchema.parse({
      recharge_amount: "10.00",
      service_fee: "0.50",
      sms_fee: "0.99",
      total: "11.49",
      credit_applied: "11.49",
      currency: "EUR",
      sufficient_credits: true,
    });
    expect(preview).toMatchObject({
      recharge_amount: 1000,
      service_fee: 50,
      sms_fee: 99,
      total: 1149,
      credit_applied: 1149,
      currency: "EUR",
      sufficient_credits: true,
    });
  });

  it("reads the rate-style names C§2 prints for money, in EUR", () => {
    const preview = previewSchema.parse({
      recharge_amount_eur: "10.00",
      service_fee_eur: "0.50",
      sms_fee_eur: "0.99",
      total_cost_eur: "11.49",
      credit_applied_eur: "11.49",
    });
    expect(preview).toMatchObject({
      recharge_amount: 1000,
      service_fee: 50,
      sms_fee: 99,
      total: 1149,
      credit_applied: 1149,
      currency: "EUR",
    });
  });

  it("needs only a total: the parts it leaves out are derived from it", () => {
    expect(previewSchema.parse({ total_cost_eur: "21.98", service_fee_eur: "0.29" })).toMatchObject({
      total: 2198,
      service_fee: 29,
      recharge_amount: 2169,
      sms_fee: null,
      credit_applied: null,
    });
    expect(previewSchema.parse({ total: "5.00" })).toMatchObject({ total: 500, recharge_amount: 500, service_fee: 0 });
  });

  it("refuses a preview without a total, or with a malformed amount", () => {
    const missing = previewSchema.safeParse({ recharge_amount_eur: "10.00", service_fee_eur: "0.50" });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.message).toMatch(/total or total_cost_eur/);
    expect(previewSchema.safeParse({ total_cost_eur: "11,49" }).success).toBe(false);
  });
});

describe("create (C§4)", () => {
  it("accepts a PRO create answered with order_id and type only (no status, no credits_used)", () => {
    const created = createdOrderSchema.parse({ order_id: "ord_100001", type: "topup" });
    expect(created).toMatchObject({ order_id: "ord_100001", type: "topup" });
    expect(created.status ?? null).toBeNull();
    expect(created.credits_used ?? null).toBeNull();
  });

  it("accepts the credits debited under a name it does not know, leaving the cost to the preview", () => {
    expect(createdOrderSchema.parse({ order_id: 7, type: "esim", credits_debited: "4.50" })).toMatchObject({
      order_id: "7",
      credits_debited: "4.50",
    });
  });

  it("accepts a payment-link create answered with payment_link only, and finds the checkout hash in the link", () => {
    const link = "https://api.example/v2/checkout/0123456789abcdef0123456789abcdef01234567";
    const created = createdOrderSchema.parse({ payment_link: link });
    expect(created.payment_link).toBe(link);
    expect(checkoutHashOf(created)).toBe("0123456789abcdef0123456789abcdef01234567");
  });

  it("prefers the answer's checkout_hash, then a checkout_hash query parameter; a link without one gives none", () => {
    const hash = "ab".repeat(16);
    expect(checkoutHashOf({ checkout_hash: "ff".repeat(20), payment_link: `https://pay.example/c/${hash}` })).toBe(
      "ff".repeat(20),
    );
    expect(checkoutHashOf({ payment_link: `https://pay.example/checkout?checkout_hash=${hash}&lang=en` })).toBe(hash);
    expect(checkoutHashOf({ payment_link: "https://pay.example/checkout/pay-now" })).toBeNull();
    expect(checkoutHashOf({ payment_link: "not a url" })).toBeNull();
  });

  it("still refuses an answer with neither order_id nor payment_link", () => {
    expect(createdOrderSchema.safeParse({ type: "topup" }).success).toBe(false);
  });
});

describe("order records (C§4 GET /orders/{id}, GET /orders)", () => {
  it("accepts an order's own record with its status and no other field", () => {
    expect(orderSchema.parse({ order_id: "ord_1", type: "giftcard", status: "fulfilled" })).toMatchObject({
      order_id: "ord_1",
      status: "fulfilled",
    });
  });

  it("accepts list rows with only C§2's order fields (no status, no amounts, no times)", () => {
    const row = orderRowSchema.parse({ order_id: "ord_2", type: "topup", delivery_status: "delivered" });
    expect(row).toMatchObject({ order_id: "ord_2", type: "topup", delivery_status: "delivered" });
    expect(row.status ?? null).toBeNull();
    expect(orderRowSchema.parse({ order_id: "ord_3", type: "esim", iccid: "8988247000000000001" }).iccid).toBe(
      "8988247000000000001",
    );
  });
});
