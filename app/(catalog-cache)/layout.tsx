import type { ReactNode } from "react";
import { ShopFrame } from "@/components/shop/shop-frame";

// The cached twins of the catalog pages (lib/http/cached-pages.ts): the same frame as app/(shop),
// but nothing here reads the request, so each page is rendered once per data lifetime.
export default function CatalogCacheLayout({ children }: { children: ReactNode }) {
  return <ShopFrame>{children}</ShopFrame>;
}
