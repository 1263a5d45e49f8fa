import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { clientMessages, messagesFor, type Messages } from "@/lib/i18n/messages";

/**
 * Hands the client components below it the message namespaces they translate with
 * (`useTranslations` in a "use client" file), on the pages that have them, rather than on every
 * page (app/[locale]/layout.tsx gives every page only the frame's). A nested provider replaces
 * the outer one's messages for everything below it, so the frame's are kept.
 */
export function ClientMessages({ locale, namespaces, children }: { locale: Locale; namespaces: (keyof Messages)[]; children: ReactNode }) {
  const all = messagesFor(locale);
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={{ ...clientMessages(locale), ...picked }}>
      {children}
    </NextIntlClientProvider>
  );
}
