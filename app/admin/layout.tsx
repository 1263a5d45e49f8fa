import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Document, DOCUMENT_ICONS, DOCUMENT_VIEWPORT } from "@/components/document";
import { SHOP_NAME } from "@/lib/products";
import "../globals.css";

export const metadata: Metadata = {
  title: { default: `Admin · ${SHOP_NAME}`, template: `%s · ${SHOP_NAME}` },
  icons: DOCUMENT_ICONS,
};
export const viewport = DOCUMENT_VIEWPORT;

// The staff pages' root layout (the buyer pages have their own, app/[locale]/layout.tsx). Staff
// pages are rendered per request, with the CSP nonce proxy.ts gives them, in English (the
// admin is not translated).
export default async function AdminRootLayout({ children }: { children: ReactNode }) {
  await connection();
  return <Document lang="en">{children}</Document>;
}
