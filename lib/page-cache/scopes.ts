// The app's side of the page cache's registry (lib/page-cache/handler.mjs, which Next.js loads
// outside the bundles): both reach the same object through a global symbol.

/** What a page of the cache depends on: a product's catalog, or everything (staff settings, prices). */
export type PageScope = "topup" | "esim" | "giftcards" | "unlock" | "imei-check" | "all";

const REGISTRY = Symbol.for("reseller-shop.page-cache");

type Registry = { expiredAt: Map<string, number>; entries: Map<string, unknown>; bytes: number };

function registry(): Registry {
  const global = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  global[REGISTRY] ??= { expiredAt: new Map(), entries: new Map(), bytes: 0 };
  return global[REGISTRY];
}

/** Every cached page of these scopes stored up to now is dropped at its next request. */
export function expirePageScopes(scopes: PageScope[], now = Date.now()): void {
  for (const scope of scopes) registry().expiredAt.set(scope, now);
}

/** How many pages and bytes the cache holds in this process (health, benchmarks). */
export function pageCacheSize(): { pages: number; bytes: number } {
  const { entries, bytes } = registry();
  return { pages: entries.size, bytes };
}
