import "server-only";
import { createTranslator } from "use-intl/core";
import { supportedLocale, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { readEsimDetail } from "@/lib/products/esim/detail";
import { readGiftcardDetail } from "@/lib/products/giftcard/detail";
import { topupAgainHref } from "@/lib/products/topup/buy-again";

// "Buy again" from an order page or the account's history (issue [14]): the same purchase,
// at today's price, one step from paying. An unlock is not bought twice for one phone, so it
// has none; an IMEI check starts a new check.

type BoughtAgain = Exclude<Order["productType"], "unlock">;
const BOUGHT_AGAIN: readonly BoughtAgain[] = ["topup", "esim", "giftcard", "imeicheck"];
const isBoughtAgain = (type: Order["productType"]): type is BoughtAgain =>
  (BOUGHT_AGAIN as readonly string[]).includes(type);

/** The "buy again" button's words in the buyer's language ("OrderBuyAgain"), or undefined when the product has none. */
export function buyAgainLabel(productType: Order["productType"], locale: Locale = "en"): string | undefined {
  if (!isBoughtAgain(productType)) return undefined;
  return createTranslator({ locale, messages: messagesFor(locale), namespace: "OrderBuyAgain" })(productType);
}

/** The same words in English. */
export const BUY_AGAIN_LABEL: Partial<Record<Order["productType"], string>> = Object.fromEntries(
  BOUGHT_AGAIN.map((type) => [type, buyAgainLabel(type)]),
);

/** The path the order's "buy again" opens, or null when it has none. */
export async function buyAgainHref(order: Pick<Order, "productType" | "detail" | "locale">): Promise<string | null> {
  switch (order.productType) {
    case "topup":
      // The order names its rate in the language it was bought in ([16]).
      return topupAgainHref(order.detail, supportedLocale(order.locale));
    case "esim": {
      const esim = readEsimDetail(order.detail);
      return esim?.destinationCode && esim.catalogId
        ? `/esim/${esim.destinationCode}/${encodeURIComponent(esim.catalogId)}`
        : "/esim";
    }
    case "giftcard": {
      const card = readGiftcardDetail(order.detail)?.giftcard;
      // The brand's numeric id resolves to its page (and redirects to its slug).
      return card?.countryCode && card.brandId
        ? `/giftcards/${card.countryCode.toLowerCase()}/${encodeURIComponent(card.brandId)}`
        : "/giftcards";
    }
    case "imeicheck":
      return "/imei-check";
    case "unlock":
      return null;
  }
}
