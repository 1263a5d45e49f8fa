import { describe, expect, it } from "vitest";
import { ProductType } from "@/lib/db/generated/sqlite/enums";
import { PRODUCTS } from "./index";
import { COMMERCE_PRODUCT_TYPES, PRODUCT_MODULES, PRODUCT_TYPES, commerceUpstreamOf } from "./registry";
import { PRODUCT_VIEWS } from "./views";

// The products' registry (./registry.ts) and views (./views.ts): every ProductType of the
// schema has a module and a view, in one order, and each commerce product builds the request
// C§2 describes.

const schemaTypes = Object.values(ProductType);

describe("product registry", () => {
  it("has one module and one view for every product type, in the same order", () => {
    expect([...PRODUCT_TYPES].sort()).toEqual([...schemaTypes].sort());
    expect(Object.keys(PRODUCT_VIEWS)).toEqual(PRODUCT_TYPES);
    expect(PRODUCTS.map((p) => p.type)).toEqual(PRODUCT_TYPES);
    for (const type of PRODUCT_TYPES) expect(PRODUCT_MODULES[type].type).toBe(type);
  });

  it("builds each commerce product's request as C§2 describes, in the buyer's language", () => {
    const details: Record<string, Record<string, unknown>> = {
      topup: { priceToken: "tok-1", phone: "+447400123456", smsNotification: true, smsText: "Enjoy" },
      esim: { priceToken: "tok-2", catalogId: "plan-7", esim: { catalogId: "plan-7" } },
      giftcard: { priceToken: "tok-3", giftcard: { brandId: "12" } },
    };
    const commerce = PRODUCT_TYPES.filter((type) => commerceUpstreamOf(type));
    expect(commerce).toEqual(Object.keys(details));
    expect(COMMERCE_PRODUCT_TYPES).toEqual(commerce);
    const body = (type: string, mode: "credits" | "payment_link") =>
      commerceUpstreamOf(type as ProductType)!.body(details[type], mode, "es");
    expect(body("topup", "credits")).toEqual({
      price_token: "tok-1",
      checkout_mode: "credits",
      lang: "es",
      phone: "+447400123456",
      sms_notification: true,
      sms_text: "Enjoy",
    });
    expect(body("esim", "payment_link")).toEqual({
      price_token: "tok-2",
      checkout_mode: "payment_link",
      lang: "es",
      catalog_id: "plan-7",
    });
    // "Gift card bodies carry `price_token` only"; the mode is named only to ask for a payment link.
    expect(body("giftcard", "credits")).toEqual({ price_token: "tok-3" });
    expect(body("giftcard", "payment_link")).toEqual({ price_token: "tok-3", checkout_mode: "payment_link" });
  });

  it("refuses a commerce detail without a price token", () => {
    for (const type of PRODUCT_TYPES)
      expect(commerceUpstreamOf(type)?.body({ phone: "+447400123456" }, "credits", "en") ?? null).toBeNull();
  });
});
