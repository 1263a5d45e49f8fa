import type { ProductModule } from "@/lib/products/contract";
import { COMMERCE_POLLING } from "@/lib/products/commerce-polling";
import { fulfillmentLines } from "@/lib/orders/buyer-view";
import { supportedLocale } from "@/lib/i18n/locale-routing.mjs";
import { obj, text } from "@/lib/products/loose-json";
import { readTopupDetail, topupDetailSchema } from "./detail";
import { topupPurchaseLines } from "./lines";
import { topupDeliveryParts } from "./mail";
import { topupUpstream } from "./upstream";

// The top-up as the shop's product contract (lib/products/contract.ts). The sale step and
// "buy again" load on first use: they read the request and the live catalog, and the worker
// and the quote load this module (a static import would bring next/headers into the worker and
// make a cycle through lib/orders/quote.ts).

export const topupModule = {
  type: "topup",
  detail: { schema: topupDetailSchema, read: readTopupDetail },
  fulfilment: {
    read: (fulfillment) => ({ deliveryStatus: text(obj(fulfillment).deliveryStatus) }),
    secretFields: [],
  },
  sale: (request) => async (context) => (await import("./sale")).topupSale(request)(context),
  upstream: topupUpstream,
  lines: { purchase: topupPurchaseLines, delivery: fulfillmentLines },
  mail: { deliveryParts: ({ fulfillment, order, locale }) => topupDeliveryParts(fulfillment, order.detail, locale) },
  // The order names its rate in the language it was bought in.
  buyAgain: {
    label: "OrderBuyAgain.topup",
    href: async (order) => (await import("./buy-again")).topupAgainHref(order.detail, supportedLocale(order.locale)),
  },
  staff: {
    reportTop(detail) {
      const label = text(obj(obj(detail).operator).name, obj(obj(detail).product).operator_name);
      return label ? { list: "operators", label } : null;
    },
    summary: null,
  },
  polling: COMMERCE_POLLING,
  files: [],
  cancel: null,
} satisfies ProductModule<"topup">;
