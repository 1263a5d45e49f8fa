import { en, es } from "@/lib/i18n/catalogs";
import type { Locale } from "./locale-routing.mjs";

// The message catalogs, one file per language in messages/. The Spanish one is typed as
// the English one, so a key missing in Spanish fails the typecheck; lib/i18n/catalogs.test.ts
// also fails on keys one catalog has and the other lacks, and on keys no code uses.
export type Messages = typeof en;

const CATALOGS: Record<Locale, Messages> = { en, es };

export function messagesFor(locale: Locale): Messages {
  return CATALOGS[locale];
}
