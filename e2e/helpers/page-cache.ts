import { expect, type Page } from "@playwright/test";

/**
 * Cached catalog pages follow a change in the database on the page cache's next look, as soon as
 * the database signals the write (lib/page-cache/change-signal.ts, invalidation.ts; proved by
 * e2e/performance/page-cache.spec.ts), and later on a busy machine. A spec that changes a catalog entry or a setting behind the shop's
 * back opens the page until it shows the change (`gotoUntilShown`); the performance specs,
 * which count renderings, wait this long for the page cache to have followed.
 */
export const PAGE_CACHE_FOLLOWS_MS = 1_000;

export function pageCacheFollows(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, PAGE_CACHE_FOLLOWS_MS));
}

/**
 * Opens `path` until `shown` passes on it (give its expectations a short timeout, ~1 s): the
 * page cache has followed a change made behind the shop's back.
 */
export async function gotoUntilShown(page: Page, path: string, shown: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await shown();
  }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
}
