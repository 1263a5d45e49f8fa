"use client";

import { usePathname } from "next/navigation";
import type { MouseEvent } from "react";
import { CURRENCY_PARAM, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";

/** How the switcher names a currency: its code, and its sign where the header is narrow. */
const SIGNS: Record<ShopCurrency, string> = { EUR: "€", USD: "$" };

/**
 * The same page priced in the other currency (docs/i18n.md, "Currencies"): a plain link with
 * ?currency=…, which proxy.ts answers by remembering the choice and redirecting back
 * (lib/i18n/currency-routing.mjs), so it works before scripts load and keeps the page's query. Its
 * words come from the header.
 */
export function CurrencySwitcher({ other, title }: { other: ShopCurrency; title: string }) {
  const pathname = usePathname();
  const param = other.toLowerCase();
  // The query the page has now (a phone number, a filter) goes along.
  const keepQuery = (event: MouseEvent<HTMLAnchorElement>) => {
    const query = new URLSearchParams(window.location.search);
    query.set(CURRENCY_PARAM, param);
    event.currentTarget.href = `${window.location.pathname}?${query}`;
  };
  return (
    <a
      href={`${pathname}?${CURRENCY_PARAM}=${param}`}
      onClick={keepQuery}
      title={title}
      data-testid="currency-switcher"
      className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface-muted hover:text-fg"
    >
      <span aria-hidden="true">{SIGNS[other]}</span>
      <span className="sr-only sm:not-sr-only">{other}</span>
    </a>
  );
}
