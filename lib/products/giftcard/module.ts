import type { ProductModule } from "@/lib/products/contract";
import { COMMERCE_POLLING } from "@/lib/products/commerce-polling";
import { obj, text } from "@/lib/products/loose-json";
import { giftcardDetailSchema, readGiftcardDetail } from "./detail";
import { giftcardPurchaseLines } from "./lines";
import { giftcardDeliveryParts } from "./mail";
import { giftcardCodesInMail } from "./mail-setting";
import { readOpenedRedemption, readRevealedAt } from "./redemption";
import { giftcardUpstream } from "./upstream";

// The gift card as the shop's product contract (lib/products/contract.ts). Its code is shown
// only on request and its first reveal recorded (./reveal.ts); the module reads an opened
// fulfillment (./redemption.ts). The sale step
// loads on first use: it reads the request and the live catalog, and the worker and the quote
// load this module (a static import would bring next/headers into the worker and make a cycle
// through lib/orders/quote.ts).

export const giftcardModule = {
  type: "giftcard",
  detail: { schema: giftcardDetailSchema, read: readGiftcardDetail },
  fulfilment: {
    read: (fulfillment) => ({
      redemption: readOpenedRedemption(fulfillment),
      revealedAt: readRevealedAt(fulfillment),
    }),
    // The PIN / code, and its redemption link (which often carries the code).
    secretFields: ["redemptionCode", "redemptionUrl"],
  },
  sale: (request) => async (context) => (await import("./sale")).giftcardSale(request)(context),
  upstream: giftcardUpstream,
  lines: { purchase: giftcardPurchaseLines, delivery: () => [] },
  mail: {
    deliveryParts: async ({ db, fulfillment, order, locale, orderUrl }) =>
      giftcardDeliveryParts(fulfillment, order.detail, {
        codesInMail: await giftcardCodesInMail(db),
        orderUrl,
        locale,
      }),
  },
  buyAgain: {
    label: "OrderBuyAgain.giftcard",
    async href(order) {
      const card = readGiftcardDetail(order.detail)?.giftcard;
      // The brand's numeric id resolves to its page (and redirects to its slug).
      return card?.countryCode && card.brandId
        ? `/giftcards/${card.countryCode.toLowerCase()}/${encodeURIComponent(card.brandId)}`
        : "/giftcards";
    },
  },
  staff: {
    reportTop(value) {
      const detail = obj(value);
      const label = text(obj(detail.giftcard).brandName, obj(detail.product).name);
      return label ? { list: "brands", label } : null;
    },
    summary: null,
  },
  polling: COMMERCE_POLLING,
  files: [],
  cancel: null,
} satisfies ProductModule<"giftcard">;
