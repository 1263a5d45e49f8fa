import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { expirePageScopes, type PageScope } from "./scopes";

// Keeps the cached catalog pages (lib/http/cached-pages.ts) in step with the database, on every
// app instance: twice a second it reads a small fingerprint of each product's catalog entries
// (not their values) and of the staff settings (prices, margins, products on or off), and
// expires the pages of whatever changed. The fingerprint moves with every write the catalog
// cache makes: a refresh raises the newest fetch time, an expiry (ESIM_DISABLED, staff) lowers
// the latest expiry, a dropped entry changes the count; a copy made old (tests standing in for
// the passage of time) lowers the oldest fetch. A refresh by any instance, a staff "refresh
// now" or a margin change so shows on the pages within a second, without any instance having
// to tell the others. Time alone changes nothing here: the pages' own revalidate covers it.

/** Which pages each catalog resource prefix feeds (lib/catalog/lifetimes.ts). */
const SCOPE_OF_RESOURCE: [prefix: string, scope: PageScope][] = [
  ["topup.", "topup"],
  ["esim.", "esim"],
  ["giftcard.", "giftcards"],
  ["unlock.", "unlock"],
];

/** Carrier lookups are per phone number: no cached page shows one. */
const IGNORED_RESOURCES = new Set(["topup.carrier-lookup"]);

export const PAGE_INVALIDATION_INTERVAL_MS = 500;

type Fingerprints = Map<PageScope, string>;

export async function readFingerprints(db: DbClient): Promise<Fingerprints> {
  const [groups, settings] = await Promise.all([
    db.catalogCacheEntry.groupBy({ by: ["resource"], _count: { value: true }, _max: { fetchedAt: true, expiresAt: true }, _min: { fetchedAt: true, expiresAt: true } }),
    db.setting.aggregate({ _max: { updatedAt: true }, _count: { key: true } }),
  ]);
  const parts = new Map<PageScope, string[]>();
  for (const group of groups) {
    if (IGNORED_RESOURCES.has(group.resource)) continue;
    const scope = SCOPE_OF_RESOURCE.find(([prefix]) => group.resource.startsWith(prefix))?.[1];
    if (!scope) continue;
    const list = parts.get(scope) ?? [];
    const times = [group._max.fetchedAt, group._min.fetchedAt, group._max.expiresAt, group._min.expiresAt].map((at) => at?.getTime() ?? 0);
    list.push(`${group.resource}:${group._count.value}:${times.join(":")}`);
    parts.set(scope, list);
  }
  const fingerprints: Fingerprints = new Map();
  for (const [, scope] of SCOPE_OF_RESOURCE) fingerprints.set(scope, (parts.get(scope) ?? []).sort().join("|"));
  fingerprints.set("all", `${settings._count.key}:${settings._max.updatedAt?.getTime() ?? 0}`);
  return fingerprints;
}

/** The scopes whose fingerprint differs; "all" stands for every page. */
export function changedScopes(before: Fingerprints, after: Fingerprints): PageScope[] {
  return [...after.keys()].filter((scope) => before.get(scope) !== after.get(scope));
}

export type PageInvalidation = { stop(): void; tick(): Promise<PageScope[]> };

export function startPageInvalidation(db: DbClient, intervalMs = PAGE_INVALIDATION_INTERVAL_MS): PageInvalidation {
  let last: Fingerprints | null = null;
  let running: Promise<PageScope[]> | null = null;

  async function check(): Promise<PageScope[]> {
    const next = await readFingerprints(db);
    const changed = last ? changedScopes(last, next) : [];
    last = next;
    if (changed.length) {
      expirePageScopes(changed);
      logger.debug({ scopes: changed }, "cached pages expired");
    }
    return changed;
  }

  function tick(): Promise<PageScope[]> {
    running ??= check()
      .catch((error: unknown) => {
        logger.warn({ err: error }, "page cache: could not read the catalog fingerprints");
        return [];
      })
      .finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer), tick };
}
