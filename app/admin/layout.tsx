import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Document } from "@/components/document";
import { clientMessages } from "@/lib/i18n/messages";
import { SHOP_NAME } from "@/lib/products";

export const metadata: Metadata = { title: { default: `Admin · ${SHOP_NAME}`, template: `%s · ${SHOP_NAME}` } };

// Staff pages are rendered per request, with the CSP nonce proxy.ts gives them, in English ([16]:
// the admin may stay English). The provider serves the shop's shared client parts (the theme
// toggle) the English words.
export default async function AdminRootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <Document lang="en">
      <NextIntlClientProvider locale="en" messages={clientMessages("en")}>
        {children}
      </NextIntlClientProvider>
    </Document>
  );
}
