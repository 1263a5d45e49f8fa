"use client";

import { usePathname } from "next/navigation";
import type { MouseEvent } from "react";
import { LANGUAGE_NAMES } from "@/lib/i18n/language-names";
import { LOCALE_PARAM, type Locale } from "@/lib/i18n/locale-routing.mjs";

/**
 * The same page in the other language: a plain link with ?locale=…, which proxy.ts answers by
 * remembering the choice and redirecting to the page's address in that language
 * (lib/i18n/locale-routing.mjs), so it works before scripts load and keeps the page's query.
 * Its words come from the header (a server component), so it needs no i18n runtime.
 */
export function LanguageSwitcher({ other, title }: { other: Locale; title: string }) {
  const pathname = usePathname();
  const { name, short } = LANGUAGE_NAMES[other];
  const href = `${pathname}?${LOCALE_PARAM}=${other}`;
  // The query the page has now (a phone number, a search) goes along.
  const keepQuery = (event: MouseEvent<HTMLAnchorElement>) => {
    const query = new URLSearchParams(window.location.search);
    query.set(LOCALE_PARAM, other);
    event.currentTarget.href = `${window.location.pathname}?${query}`;
  };
  return (
    <a
      href={href}
      onClick={keepQuery}
      hrefLang={other}
      title={title}
      data-testid="language-switcher"
      className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-muted hover:bg-surface-muted hover:text-fg"
    >
      <span aria-hidden="true" className="sm:hidden">
        {short}
      </span>
      <span lang={other} className="sr-only sm:not-sr-only">
        {name}
      </span>
    </a>
  );
}
