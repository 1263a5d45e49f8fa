import type { ReactNode } from "react";

// The cached twins of the catalog pages (lib/http/cached-pages.ts). Their frame is drawn one level
// down (cached/[edition]/layout.tsx), where the currency the twin prices in is known.
export default function CatalogCacheLayout({ children }: { children: ReactNode }) {
  return children;
}
