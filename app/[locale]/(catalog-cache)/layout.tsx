import type { ReactNode } from "react";

// The cached twins of the catalog pages (lib/http/cached-pages.ts). Their frame is drawn one level
// down (cached/[edition]/layout.tsx), where the currency the twin prices in is known ([16]).
export default function CatalogCacheLayout({ children }: { children: ReactNode }) {
  return children;
}
