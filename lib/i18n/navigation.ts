import { createNavigation } from "next-intl/navigation";
import { defineRouting } from "next-intl/routing";
import { DEFAULT_LOCALE, LOCALES } from "./locale-routing.mjs";

// The shop's language routing for next-intl ([16]): English without a prefix, Spanish under /es.
// proxy.ts applies the rule (lib/i18n/locale-routing.mjs), not next-intl's middleware, so
// next-intl neither sets a cookie nor detects a language here. Buyer pages link, redirect and
// navigate with these, never with next/link or next/navigation's redirect: a link written
// "/topup" leads to "/es/topup" on a Spanish page.
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: "as-needed",
  localeCookie: false,
  localeDetection: false,
  alternateLinks: false,
});

export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
