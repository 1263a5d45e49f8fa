import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor, type Messages } from "@/lib/i18n/messages";

/**
 * Hands the client components below it the message namespaces they translate with
 * (`useTranslations` in a "use client" file): a form's page wraps the form in it. Only those
 * pages carry next-intl's client runtime and the messages; the frame's client parts get their
 * words from server components (docs/i18n.md).
 */
export function ClientMessages({
  locale,
  namespaces,
  children,
}: {
  locale: Locale;
  namespaces: (keyof Messages)[];
  children: ReactNode;
}) {
  const all = messagesFor(locale);
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
