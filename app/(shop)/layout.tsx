import { connection } from "next/server";
import type { ReactNode } from "react";
import { ShopFrame } from "@/components/shop/shop-frame";

// Pages here are rendered per request (with the CSP nonce proxy.ts gives them). Catalog pages
// seen by anonymous visitors without a query are served by their cached twins instead
// (app/(catalog-cache), lib/http/cached-pages.ts).
export default async function ShopLayout({ children }: { children: ReactNode }) {
  await connection();
  return <ShopFrame>{children}</ShopFrame>;
}
