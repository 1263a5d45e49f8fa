import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUpstreamError, type UpstreamError } from "@/lib/upstream/errors";
import { quoteCommerceOrder } from "./quote";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";

// The price a buyer sees: the upstream's live preview (shop's production key) plus the margin.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isUpstreamError(error)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe("quoteCommerceOrder", () => {
  it("previews the top-up at the upstream and adds the seeded top-up margin (5 % + 0.30)", async () => {
    const rate = (await tb.eeAirtime())[2]!;
    await tb.resetCounters();
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: rate.token, phone: WORKING_UK_MOBILE },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
    );
    expect((await tb.counters())["POST /v2/orders/preview"]).toBe(1);
    expect(quote.upstream).toMatchObject({
      totalMinor: rate.total_cost_eur,
      currency: "EUR",
      serviceFeeMinor: rate.service_fee_eur,
      sufficientCredits: true,
    });
    const margin = Math.ceil((rate.total_cost_eur * 5) / 100) + 30;
    expect(quote.pricing).toEqual({
      currency: "EUR",
      amountMinor: rate.amount_eur,
      serviceFeeMinor: rate.service_fee_eur + margin,
      smsFeeMinor: 0,
      totalMinor: rate.total_cost_eur + margin,
      costMinor: rate.total_cost_eur,
    });
    expect(quote.detail).toMatchObject({
      priceToken: rate.token,
      phone: WORKING_UK_MOBILE,
      checkoutMode: "credits",
      product: expect.objectContaining({ operator_name: "EE" }),
    });
  });

  it("passes the 0.99 EUR SMS fee through at cost", async () => {
    const rate = (await tb.eeAirtime())[2]!;
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: rate.token, phone: WORKING_UK_MOBILE, smsNotification: true, smsText: "Enjoy!" },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
    );
    const margin = Math.ceil((rate.total_cost_eur * 5) / 100) + 30;
    expect(quote.pricing).toMatchObject({
      smsFeeMinor: 99,
      totalMinor: rate.total_cost_eur + 99 + margin,
      costMinor: rate.total_cost_eur + 99,
    });
    expect(quote.detail).toMatchObject({ smsNotification: true, smsText: "Enjoy!" });
  });

  it("reports what the upstream refuses with a message for the buyer", async () => {
    const error = await failure(
      quoteCommerceOrder(
        { type: "topup", priceToken: "tp_000000000000000000000000", phone: WORKING_UK_MOBILE },
        { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
      ),
    );
    expect(error).toMatchObject({ kind: "api", canonicalCode: "INVALID_PRICE_TOKEN" });
    expect(error.userMessage).toMatch(/no longer valid/);
  });

  it("refuses bad input before calling the upstream, as an UpstreamError with a message for the form", async () => {
    await tb.resetCounters();
    const missingPhone = await failure(
      quoteCommerceOrder(
        { type: "topup", priceToken: "tp_x" },
        { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
      ),
    );
    expect(missingPhone).toMatchObject({
      kind: "config",
      code: "INVALID_INPUT",
      userMessage: "Enter the phone number to top up.",
    });
    const longSms = await failure(
      quoteCommerceOrder(
        {
          type: "topup",
          priceToken: "tp_x",
          phone: WORKING_UK_MOBILE,
          smsNotification: true,
          smsText: "x".repeat(141),
        },
        { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
      ),
    );
    expect(longSms.userMessage).toMatch(/140 characters/);
    const smsOnGift = await failure(
      quoteCommerceOrder(
        { type: "giftcard", priceToken: "gc_x", smsNotification: true },
        { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
      ),
    );
    expect(smsOnGift.userMessage).toMatch(/top-ups only/);
    expect((await tb.counters())["POST /v2/orders/preview"]).toBeUndefined();
  });

  it("in payment-link mode quotes the upstream's own total (the buyer pays the upstream)", async () => {
    const rate = (await tb.eeAirtime())[2]!;
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: rate.token, phone: WORKING_UK_MOBILE },
      { db: tb.db, commerce: tb.clients.commerce, mode: "payment_link" },
    );
    expect(quote.pricing.totalMinor).toBe(rate.total_cost_eur);
    expect(quote.upstream.checkoutMode).toBe("payment_link");
  });
});
