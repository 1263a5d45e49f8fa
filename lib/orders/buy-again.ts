import "server-only";
import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { PRODUCT_MODULES } from "@/lib/products/registry";

// "Buy again" from an order page or the account's history: the same purchase, at today's price,
// one step from paying. Each product says its words and where it leads, or that it has none
// (its module's `buyAgain`, lib/products/<product>/module.ts).

/** The "buy again" button's words in the buyer's language ("OrderBuyAgain"), or undefined when the product has none. */
export function buyAgainLabel(productType: Order["productType"], locale: Locale = "en"): string | undefined {
  const again = PRODUCT_MODULES[productType].buyAgain;
  return again ? createTranslator({ locale, messages: messagesFor(locale) })(again.label) : undefined;
}

/** The path the order's "buy again" opens, or null when it has none. */
export async function buyAgainHref(order: Pick<Order, "productType" | "detail" | "locale">): Promise<string | null> {
  const again = PRODUCT_MODULES[order.productType].buyAgain;
  return again ? again.href(order) : null;
}
