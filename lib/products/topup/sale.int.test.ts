import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";

// The top-up's checkout step against the emulator's catalog, as both channels call it: the
// point of sale (no operator: the number's carrier) and the storefront (the operator the buyer
// chose, which the number must belong to).

let emu: RunningEmulator;
let t: TestDatabase;
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

const PHONE = "+447400123456";

async function numbersOffer() {
  const { lookupCarrier } = await import("./carrier");
  const { loadOperatorOffer } = await import("./offer");
  const carrier = await lookupCarrier(PHONE);
  if (!carrier.ok) throw new Error(carrier.error);
  const offer = await loadOperatorOffer(carrier.carrier.operatorId);
  if (!offer.ok) throw new Error(offer.error);
  return offer.value;
}

describe("the top-up sale step", () => {
  it("prices the point of sale's choice for the number's operator, with the order's detail", async () => {
    const { topupSale } = await import("./sale");
    const { readTopupDetail } = await import("./detail");
    const offer = await numbersOffer();
    const rate = offer.choices[0]!;
    const sale = await topupSale({ phone: PHONE, rate: rate.token })({ mode: "credits" });
    if (!sale.ok) throw new Error(sale.error);
    expect(sale).toMatchObject({
      productType: "topup",
      facts: [],
      upstreamMode: "credits",
      label: `${rate.productName} to +44 7400 123456 (${offer.operatorName}, ${offer.countryName})`,
    });
    expect(sale.pricing.totalMinor).toBeGreaterThan(0);
    expect(readTopupDetail(JSON.parse(JSON.stringify(sale.detail)))).toMatchObject({
      priceToken: rate.token,
      phone: PHONE,
      checkoutMode: "credits",
      operator: {
        id: offer.operatorId,
        name: offer.operatorName,
        countryCode: offer.countryCode,
        countryName: offer.countryName,
      },
    });
  });

  it("takes the storefront's SMS choice and text into the price and the detail", async () => {
    const { topupSale } = await import("./sale");
    const offer = await numbersOffer();
    const rate = offer.choices[0]!;
    const plain = await topupSale({ phone: PHONE, rate: rate.token, operator: offer.operatorId })({ mode: "credits" });
    const sms = await topupSale({
      phone: PHONE,
      rate: rate.token,
      operator: offer.operatorId,
      sms: true,
      smsText: "Hi",
    })({ mode: "credits" });
    if (!plain.ok || !sms.ok) throw new Error("not priced");
    expect(sms.pricing.smsFeeMinor).toBeGreaterThan(0);
    expect(sms.pricing.totalMinor).toBe(plain.pricing.totalMinor + sms.pricing.smsFeeMinor);
    expect(sms.detail).toMatchObject({ smsNotification: true, smsText: "Hi" });
  });

  it("refuses a rate the operator no longer offers, in each channel's words", async () => {
    const { COUNTER_MESSAGES, topupSale } = await import("./sale");
    // The storefront's words come from its catalog (TopupPay.startAgain), through its pay action.
    const shop = { rateGone: "This review is out of date. Please choose the top-up again." };
    const offer = await numbersOffer();
    expect(await topupSale({ phone: PHONE, rate: "tp_gone" })({ mode: "credits" })).toEqual({
      ok: false,
      error: COUNTER_MESSAGES.rateGone,
      field: "rate",
    });
    expect(
      await topupSale({ phone: PHONE, rate: "tp_gone", operator: offer.operatorId }, shop)({ mode: "credits" }),
    ).toEqual({ ok: false, error: shop.rateGone, field: "rate" });
  });

  it("refuses a number from another country than the chosen operator's, and a number that is not one", async () => {
    const { topupSale } = await import("./sale");
    const offer = await numbersOffer();
    const rate = offer.choices[0]!;
    const german = await topupSale({ phone: "+4915123456789", rate: rate.token, operator: offer.operatorId })({
      mode: "credits",
    });
    expect(german).toEqual({
      ok: false,
      error: `This number is not from ${offer.countryName}. Please choose the top-up again.`,
      field: "phone",
    });
    expect(await topupSale({ phone: "+4412", rate: rate.token })({ mode: "credits" })).toMatchObject({
      ok: false,
      field: "phone",
    });
  });
});
