import { describe, expect, it } from "vitest";
import { readTopupDetail, topupDetail } from "./detail";
import { topupPurchaseLines } from "./lines";

const written = {
  priceToken: "tp_abc",
  phone: "+447400123456",
  smsNotification: true,
  smsText: "Happy birthday, Sam!",
  checkoutMode: "credits" as const,
  product: {
    name: "10 GBP Airtime",
    operator_name: "O2",
    service_type: "airtime",
    country_iso: "gb",
    operator_id: 1010,
  },
  operator: { id: "1010", name: "O2", countryCode: "gb", countryName: "United Kingdom" },
};

describe("a top-up's order detail", () => {
  it("reads back what the sale wrote, with the order core's own keys beside it", () => {
    const detail = topupDetail(written);
    const stored = JSON.parse(
      JSON.stringify({ ...detail, placement: { state: "sending" }, counterSale: { staffId: "s1" } }),
    );
    expect(readTopupDetail(stored)).toEqual({
      ...written,
      placement: { state: "sending" },
      counterSale: { staffId: "s1" },
    });
    expect(topupPurchaseLines(stored)).toEqual([
      { label: "Product", value: "10 GBP Airtime" },
      { label: "Phone number", value: "+44 7400 123456" },
      { label: "Operator", value: "O2, United Kingdom" },
      { label: "Type", value: "Airtime" },
      { label: "SMS to the recipient", value: "Yes" },
    ]);
  });

  it("refuses to write a detail without its request", () => {
    expect(() => topupDetail({ ...written, phone: "07400 123456" })).toThrow();
    expect(() => topupDetail({ ...written, priceToken: "" })).toThrow();
  });

  it("reads an older or partial detail for what it has", () => {
    expect(topupPurchaseLines({ priceToken: "tp", phone: "+447400123456" })).toEqual([
      { label: "Phone number", value: "+44 7400 123456" },
      { label: "SMS to the recipient", value: "No" },
    ]);
    expect(readTopupDetail({ phone: 44, product: { name: 3, operator_name: "O2" }, operator: "O2" })).toEqual({
      product: { operator_name: "O2" },
    });
  });

  it("reads a malformed detail as nothing shown, never throwing", () => {
    for (const detail of [null, undefined, "x", 42, [], [1, 2]]) {
      expect(() => readTopupDetail(detail)).not.toThrow();
      expect(topupPurchaseLines(detail)).toEqual([]);
    }
  });
});
