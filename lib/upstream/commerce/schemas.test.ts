import { describe, expect, it } from "vitest";
import {
  balanceTransactionSchema,
  canonicalEventName,
  carrierLookupSchema,
  createdOrderSchema,
  esimPlanSchema,
  operatorListSchema,
  orderSchema,
  rateSchema,
  upstreamId,
  webhookEventSchema,
} from "./schemas";

// The shapes the live service and the spec may send (upstream-notes), beyond what the
// emulator happens to produce.

describe("ids", () => {
  it("accepts integers and numeric strings, as strings", () => {
    expect(upstreamId.parse(1000)).toBe("1000");
    expect(upstreamId.parse("1000")).toBe("1000");
    expect(upstreamId.safeParse("EE").success).toBe(false);
    expect(upstreamId.safeParse(10.5).success).toBe(false);
  });
});

describe("operators of a country", () => {
  const ee = { id_operator: 1000, operator_name: "EE" };
  it("reads the object keyed by id_operator", () => {
    expect(
      operatorListSchema
        .parse({ "1000": ee, "1010": { id_operator: "1010", operator_name: "O2" } })
        .map((o) => o.id_operator),
    ).toEqual(["1000", "1010"]);
  });
  it("reads the empty array sent when there are none", () => {
    expect(operatorListSchema.parse([])).toEqual([]);
  });
  it("tolerates a plain array", () => {
    expect(operatorListSchema.parse([ee])[0]!.operator_name).toBe("EE");
  });
  it("names the operator that breaks the contract", () => {
    const result = operatorListSchema.safeParse({ "1000": ee, "1010": { id_operator: 1010 } });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(["1010", "operator_name"]);
  });
});

describe("money", () => {
  const rate = {
    token: "t",
    product_name: "p",
    service_fee_eur: "0.29",
    service_fee_usd: "0.31",
    total_cost_eur: "21.98",
    total_cost_usd: "23.74",
  };
  it("turns decimal strings into exact minor units", () => {
    expect(rateSchema.parse(rate)).toMatchObject({ service_fee_eur: 29, total_cost_eur: 2198 });
  });
  it("counts a local amount in its own currency's minor units", () => {
    expect(rateSchema.parse({ ...rate, amount_local: "1500.00", currency_local: "JPY" }).amount_local).toBe(1500);
    expect(rateSchema.parse({ ...rate, amount_local: "5.00", currency_local: "GBP" }).amount_local).toBe(500);
    expect(rateSchema.safeParse({ ...rate, amount_local: "1500.50", currency_local: "JPY" }).success).toBe(false);
  });
  it("refuses malformed amounts", () => {
    for (const bad of ["21,98", "", "abc", "1e3"])
      expect(rateSchema.safeParse({ ...rate, total_cost_eur: bad }).success).toBe(false);
  });
  it("keeps the sign of ledger movements", () => {
    expect(balanceTransactionSchema.parse({ id: "txn_1", amount: "-18.78" }).amount).toBe(-1878);
  });
  it("reads an eSIM plan's price in the requested currency", () => {
    const plan = esimPlanSchema.parse({
      catalog_id: "gb-1gb-7d",
      price_token: "esim__x",
      unlimited: false,
      price: "5.93",
      currency: "USD",
      retail_eur: "5.49",
    });
    expect(plan).toMatchObject({ price: 593, retail_eur: 549 });
  });
});

describe("orders", () => {
  it("keeps a status it does not know, as sent", () => {
    expect(orderSchema.parse({ order_id: "ord_1", type: "topup", status: "on_hold_for_review" }).status).toBe(
      "on_hold_for_review",
    );
    expect(orderSchema.parse({ order_id: "ord_1", type: "topup", status: "MANUAL_REVISION" }).status).toBe(
      "MANUAL_REVISION",
    );
  });
  it("reads the list rows' eSIM balance as text", () => {
    expect(
      orderSchema.parse({ order_id: 5, type: "esim", status: "fulfilled", balance_amount: "per order basis" }),
    ).toMatchObject({ order_id: "5", balance_amount: "per order basis" });
  });
  it("requires a created order to have an order_id or a payment_link", () => {
    expect(createdOrderSchema.safeParse({ type: "topup", status: "processing", order_id: "ord_1" }).success).toBe(true);
    expect(
      createdOrderSchema.safeParse({
        type: "giftcard",
        status: "awaiting_payment",
        order_id: null,
        payment_link: "https://pay.example/c/1",
      }).success,
    ).toBe(true);
    expect(
      createdOrderSchema.safeParse({ type: "topup", status: "processing", order_id: null, payment_link: null }).success,
    ).toBe(false);
  });
});

describe("carrier lookup", () => {
  it("reads the live shape with string ids", () => {
    const parsed = carrierLookupSchema.parse({
      phone: "+447400123456",
      id_operator: "1010",
      id_country: "826",
      operator_name: "O2",
      country_name: "United Kingdom",
      iso_short_code: "GB",
      topup_type: "airtime",
      img: "https://example/1010.png",
    });
    expect(parsed).toMatchObject({ id_operator: "1010", iso_short_code: "gb" });
  });
});

describe("webhook events", () => {
  const order = { order_id: "ord_1", type: "esim", status: "fulfilled" };
  it("accepts the live order.completed as the spec's order.fulfilled", () => {
    expect(canonicalEventName("order.completed")).toBe("order.fulfilled");
    expect(webhookEventSchema.parse({ id: "evt_1", type: "order.completed", data: order }).canonicalType).toBe(
      "order.fulfilled",
    );
    expect(webhookEventSchema.parse({ id: "evt_2", type: "order.fulfilled", data: order }).canonicalType).toBe(
      "order.fulfilled",
    );
    expect(webhookEventSchema.parse({ id: "evt_3", type: "order.failed", data: order }).canonicalType).toBe(
      "order.failed",
    );
  });
});
