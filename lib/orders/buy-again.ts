import "server-only";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { readEsimDetail } from "@/lib/products/esim/detail";
import { readGiftcardDetail } from "@/lib/products/giftcard/detail";
import { topupAgainHref } from "@/lib/products/topup/buy-again";

// "Buy again" from an order page or the account's history (issue [14]): the same purchase,
// at today's price, one step from paying. An unlock is not bought twice for one phone, so it
// has none; an IMEI check starts a new check.

export const BUY_AGAIN_LABEL: Partial<Record<Order["productType"], string>> = {
  topup: "Top up again",
  esim: "Buy this plan again",
  giftcard: "Buy again",
  imeicheck: "Check another IMEI",
};

/** The path the order's "buy again" opens, or null when it has none. */
export async function buyAgainHref(order: Pick<Order, "productType" | "detail">): Promise<string | null> {
  switch (order.productType) {
    case "topup":
      return topupAgainHref(order.detail);
    case "esim": {
      const esim = readEsimDetail(order.detail);
      return esim?.destinationCode && esim.catalogId ? `/esim/${esim.destinationCode}/${encodeURIComponent(esim.catalogId)}` : "/esim";
    }
    case "giftcard": {
      const card = readGiftcardDetail(order.detail)?.giftcard;
      // The brand's numeric id resolves to its page (and redirects to its slug).
      return card?.countryCode && card.brandId ? `/giftcards/${card.countryCode.toLowerCase()}/${encodeURIComponent(card.brandId)}` : "/giftcards";
    }
    case "imeicheck":
      return "/imei-check";
    case "unlock":
      return null;
  }
}
