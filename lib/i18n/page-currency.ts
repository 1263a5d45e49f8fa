import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import {
  CURRENCY_HEADER,
  DEFAULT_CURRENCY,
  editionCurrency,
  parseShopCurrency,
  type ShopCurrency,
} from "./currency-routing.mjs";

// The currency a buyer's page or action prices in. proxy.ts works it out once per request
// (lib/i18n/currency-routing.mjs: the visitor's choice, else their browser's region) and hands it
// on in a request header; a cached catalog twin has it in its edition segment instead
// (/en/cached/usd/…: lib/http/cached-pages.ts), since one rendering serves every visitor of it.

/** The request's currency, for actions and pages rendered per request. */
export async function requestCurrency(): Promise<ShopCurrency> {
  return parseShopCurrency((await headers()).get(CURRENCY_HEADER)) ?? DEFAULT_CURRENCY;
}

/** A page's currency: its twin's edition when it is rendered as a cached twin, else the request's. */
export async function pageCurrency(params: Promise<{ edition?: string }>): Promise<ShopCurrency> {
  const { edition } = await params;
  if (edition === undefined) return requestCurrency();
  return editionCurrency(edition) ?? notFound();
}
