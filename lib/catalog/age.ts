import type { CatalogRead } from "./cache";

/** How old the catalog data behind a page is, when any of it is past its lifetime; null when all is fresh. */
export type CatalogAge = { ageMs: number; refreshFailed: boolean } | null;

/** The age the page shows for the cached reads it was built from: the oldest stale one, and whether a refresh failed. */
export function catalogAgeOf(...reads: Array<CatalogRead<unknown>>): CatalogAge {
  const stale = reads.filter((read) => read.stale);
  if (stale.length === 0) return null;
  return { ageMs: Math.max(...stale.map((read) => read.ageMs)), refreshFailed: stale.some((read) => !!read.lastError) };
}
