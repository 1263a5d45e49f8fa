/**
 * Cached catalog pages follow a change in the database within this long, on every instance
 * (lib/page-cache/invalidation.ts, proved by e2e/performance/page-cache.spec.ts). A spec that
 * changes a catalog entry behind the shop's back waits this long before looking at the page.
 */
export const PAGE_CACHE_FOLLOWS_MS = 1_000;

export function pageCacheFollows(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, PAGE_CACHE_FOLLOWS_MS));
}
