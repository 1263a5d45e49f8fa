import type { Metadata } from "next";
import { connection } from "next/server";
import { Document, DOCUMENT_ICONS, DOCUMENT_VIEWPORT } from "@/components/document";
import { StatusMessage } from "@/components/shop/status-message";
import { SHOP_NAME } from "@/lib/products";
import "./globals.css";

export const metadata: Metadata = { title: `Page not found · ${SHOP_NAME}`, icons: DOCUMENT_ICONS };
export const viewport = DOCUMENT_VIEWPORT;

// Next's page for an address no route matches (the shop has two root layouts, so no single
// not-found page fits both). Hardly ever reached: proxy.ts sends every buyer address into
// app/[locale], where app/[locale]/(shop)/[...rest] answers unknown ones in the shop's frame and
// language, and app/admin/[...unknown] and app/api/[...unknown] answer the rest. Rendered per
// request, so its scripts carry the nonce.
export default async function NotFound() {
  await connection();
  return (
    <Document lang="en">
      <main id="main">
        <StatusMessage back="Back to the shop" code="404" title="We could not find that page">
          The link may be mistyped, or the page has moved.
        </StatusMessage>
      </main>
    </Document>
  );
}
