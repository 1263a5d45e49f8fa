import { describe, expect, it } from "vitest";
import { ProductType } from "@/lib/db/generated/sqlite/enums";
import {
  commerceRequestBody,
  COMMERCE_PRODUCT_TYPES as CORE_COMMERCE_TYPES,
  type CommerceDetail,
} from "@/lib/orders/detail";
import { SECRET_FULFILLMENT_FIELDS } from "@/lib/orders/sealed-fulfillment";
import { PRODUCTS } from "./index";
import { COMMERCE_PRODUCT_TYPES, PRODUCT_MODULES, PRODUCT_TYPES, commerceUpstreamOf } from "./registry";
import { PRODUCT_VIEWS } from "./views";

// The products' registry (./registry.ts) and views (./views.ts): every ProductType of the
// schema has a module and a view, in one order, and the rules the order core keeps apart
// from the registry agree with the modules.

const schemaTypes = Object.values(ProductType);

describe("product registry", () => {
  it("has one module and one view for every product type, in the same order", () => {
    expect([...PRODUCT_TYPES].sort()).toEqual([...schemaTypes].sort());
    expect(Object.keys(PRODUCT_VIEWS)).toEqual(PRODUCT_TYPES);
    expect(PRODUCTS.map((p) => p.type)).toEqual(PRODUCT_TYPES);
    for (const type of PRODUCT_TYPES) expect(PRODUCT_MODULES[type].type).toBe(type);
  });

  it("seals exactly the fulfilment fields the products call secret", () => {
    const declared = new Set(PRODUCT_TYPES.flatMap((type) => PRODUCT_MODULES[type].fulfilment.secretFields));
    expect([...declared].sort()).toEqual([...SECRET_FULFILLMENT_FIELDS].sort());
  });

  it("builds the same commerce request as the order core's placement", () => {
    const details: Record<string, CommerceDetail & Record<string, unknown>> = {
      topup: { priceToken: "tok-1", phone: "+447400123456", smsNotification: true, smsText: "Enjoy" },
      esim: { priceToken: "tok-2", catalogId: "plan-7", esim: { catalogId: "plan-7" } },
      giftcard: { priceToken: "tok-3", giftcard: { brandId: "12" } },
    };
    const commerce = PRODUCT_TYPES.filter((type) => commerceUpstreamOf(type));
    expect(commerce).toEqual(Object.keys(details));
    expect(COMMERCE_PRODUCT_TYPES).toEqual(commerce);
    expect([...CORE_COMMERCE_TYPES]).toEqual(commerce);
    for (const type of commerce) {
      for (const mode of ["credits", "payment_link"] as const) {
        expect(commerceUpstreamOf(type)!.body(details[type], mode, "es")).toEqual(
          commerceRequestBody(type as (typeof CORE_COMMERCE_TYPES)[number], details[type]!, mode, "es"),
        );
      }
    }
  });

  it("refuses a commerce detail without a price token", () => {
    for (const type of PRODUCT_TYPES)
      expect(commerceUpstreamOf(type)?.body({ phone: "+447400123456" }, "credits", "en") ?? null).toBeNull();
  });
});
