"use client";

import { useParams } from "next/navigation";
import { type Locale, supportedLocale } from "./locale-routing.mjs";

/**
 * The page's language in a client component: the route's [locale] segment (English outside the
 * buyer pages). Read from the route, not from next-intl's provider, so the frame's client parts
 * (links, dates) load no i18n runtime in the browser.
 */
export function usePageLocale(): Locale {
  const { locale } = useParams<{ locale?: string }>() ?? {};
  return supportedLocale(locale);
}
