import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };
import type { Locale } from "./locale-routing.mjs";

// The message catalogs ([16]), one file per language in messages/. The Spanish one is typed as
// the English one, so a key missing in Spanish fails the typecheck; lib/i18n/catalogs.test.ts
// also fails on keys one catalog has and the other lacks, and on keys no code uses.
export type Messages = typeof en;

const CATALOGS: Record<Locale, Messages> = { en, es };

export function messagesFor(locale: Locale): Messages {
  return CATALOGS[locale];
}

/**
 * What client components may translate (the provider in app/[locale]/layout.tsx): every page
 * carries these in its payload, so only what the frame's client parts and the error page need.
 */
export function clientMessages(locale: Locale) {
  const { Frame, Error, Products } = CATALOGS[locale];
  const names = Object.fromEntries(Object.entries(Products).map(([type, product]) => [type, { name: product.name }]));
  return { Frame, Error, Products: names };
}
