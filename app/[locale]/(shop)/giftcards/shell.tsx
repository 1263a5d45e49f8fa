import type { ReactNode } from "react";
import type { getTranslations } from "next-intl/server";
import { giftcardCatalogFailureOf } from "@/lib/products/giftcard/catalog-failure";

export type Search = Record<string, string | string[] | undefined>;

export type GiftcardT = Awaited<ReturnType<typeof getTranslations<"Giftcard">>>;

/** The first value of a search parameter, trimmed; undefined when empty. */
export const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * A failed catalog read as the buyer reads it: the catalog's own message in the page's language;
 * the supplier's (lib/upstream/errors.ts) as it comes.
 */
export function failureText(t: GiftcardT, failure: { error: string }): string {
  const known = giftcardCatalogFailureOf(failure.error);
  return known ? t(`failed.${known}`) : failure.error;
}

/** The gift card pages' column. */
export function GiftcardShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto flex flex-col gap-6 px-4 py-10 sm:py-12 ${wide ? "max-w-6xl" : "max-w-5xl"}`}>
      {children}
    </div>
  );
}
