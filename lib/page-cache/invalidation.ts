import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { watchCatalogWrites } from "./change-signal";
import { expirePageScopes, type PageScope } from "./scopes";

// Keeps the cached catalog pages (lib/http/cached-pages.ts) in step with the database, on every
// app instance. When the database signals a write (./change-signal.ts), the watch reads which
// catalog entries changed (their times, not their values) and the staff settings (prices,
// margins, products on or off), and expires the pages of whatever changed. A refresh raises an
// entry's fetch time, an expiry (ESIM_DISABLED, staff) moves its expiry, a copy made old lowers
// its fetch time, a dropped entry lowers its resource's count. A refresh by any instance, a staff
// "refresh now" or a margin change so shows on the pages within a second, without any instance
// having to tell the others. Time alone changes nothing here: the pages' own revalidate covers it.
//
// A key's first fill expires nothing: no cached page can show data that did not exist, and the
// page whose rendering filled it already shows it. (Were any write to expire pages, every new
// destination or operator viewed would re-render all of its product's pages.)

/** Which pages each catalog resource prefix feeds (lib/catalog/lifetimes.ts). */
const SCOPE_OF_RESOURCE: [prefix: string, scope: PageScope][] = [
  ["topup.", "topup"],
  ["esim.", "esim"],
  ["giftcard.", "giftcards"],
  ["unlock.", "unlock"],
];

/** Carrier lookups are per phone number: no cached page shows one. */
const IGNORED_RESOURCES = new Set(["topup.carrier-lookup"]);

/** A read without a signal, in case one was lost (a dropped connection between two writes). */
export const PAGE_INVALIDATION_SAFETY_MS = 30_000;

/**
 * The watch finds changed entries by `updatedAt`, which Prisma sets on every write the app makes
 * (`@updatedAt`); a write outside Prisma (raw SQL, a test's helper) must set it too.
 *
 * How far back each read looks past the newest change it has seen: a write committed late, or
 * stamped by an instance whose clock is a little behind, is still read. Rows read again compare
 * equal and change nothing.
 */
const OVERLAP_MS = 5_000;

function scopeOfResource(resource: string): PageScope | null {
  if (IGNORED_RESOURCES.has(resource)) return null;
  return SCOPE_OF_RESOURCE.find(([prefix]) => resource.startsWith(prefix))?.[1] ?? null;
}

/** An entry as far as pages are concerned: null until its first fill. */
const stateOf = (row: { fetchedAt: Date | null; expiresAt: Date }) =>
  row.fetchedAt ? `${row.fetchedAt.getTime()}:${row.expiresAt.getTime()}` : null;

/** A fill writes its fetch time and the row's update time together. */
const FIRST_FILL_SLACK_MS = 2_000;
const isFirstFill = (row: { fetchedAt: Date | null; updatedAt: Date }) =>
  row.fetchedAt !== null && Math.abs(row.updatedAt.getTime() - row.fetchedAt.getTime()) <= FIRST_FILL_SLACK_MS;

export type CatalogWatch = {
  /** The scopes whose pages are out of date since the last check; the first check learns the state and answers none. */
  check(): Promise<PageScope[]>;
};

export function createCatalogWatch(db: DbClient): CatalogWatch {
  let entries: Map<string, { resource: string; state: string | null }> | null = null;
  let counts = new Map<string, number>();
  let settings: string | null = null;
  let seenUpTo = 0;

  async function check(): Promise<PageScope[]> {
    const learning = entries === null;
    const known = entries ?? new Map<string, { resource: string; state: string | null }>();
    const [rows, groups, settingsNow] = await Promise.all([
      db.catalogCacheEntry.findMany({
        where: learning ? {} : { updatedAt: { gte: new Date(seenUpTo - OVERLAP_MS) } },
        select: { key: true, resource: true, fetchedAt: true, expiresAt: true, updatedAt: true },
      }),
      db.catalogCacheEntry.groupBy({ by: ["resource"], _count: { _all: true } }),
      db.setting.aggregate({ _max: { updatedAt: true }, _count: { key: true } }),
    ]);
    const changed = new Set<PageScope>();
    for (const row of rows) {
      seenUpTo = Math.max(seenUpTo, row.updatedAt.getTime());
      const scope = scopeOfResource(row.resource);
      if (!scope) continue;
      const state = stateOf(row);
      const seen = known.get(row.key);
      known.set(row.key, { resource: row.resource, state });
      if (learning) continue;
      if (seen?.state) {
        if (seen.state !== state) changed.add(scope);
      } else if (row.fetchedAt && !isFirstFill(row)) {
        // First seen already filled, but not by a fill just now: a fill and a later write fell
        // between two looks (a copy made old, an expiry right after the fill).
        changed.add(scope);
      }
    }
    const countsNow = new Map(groups.map((group) => [group.resource, group._count._all]));
    const dropped = [...counts]
      .filter(([resource, count]) => (countsNow.get(resource) ?? 0) < count)
      .map(([resource]) => resource);
    if (dropped.length) {
      for (const resource of dropped) {
        const scope = scopeOfResource(resource);
        if (scope) changed.add(scope);
      }
      // Forget the dropped keys, so that filling one again counts as a first fill.
      const left = new Set(
        (await db.catalogCacheEntry.findMany({ where: { resource: { in: dropped } }, select: { key: true } })).map(
          (row) => row.key,
        ),
      );
      for (const [key, entry] of known) if (dropped.includes(entry.resource) && !left.has(key)) known.delete(key);
    }
    counts = countsNow;
    const settingsState = `${settingsNow._count.key}:${settingsNow._max.updatedAt?.getTime() ?? 0}`;
    if (settings !== null && settings !== settingsState) changed.add("all");
    settings = settingsState;
    entries = known;
    return [...changed];
  }

  return { check };
}

export type PageInvalidation = { stop(): void; tick(): Promise<PageScope[]> };

export function startPageInvalidation(db: DbClient, options: { url: string; safetyMs?: number }): PageInvalidation {
  const watch = createCatalogWatch(db);
  let running: Promise<PageScope[]> | null = null;
  let again = false;

  async function check(): Promise<PageScope[]> {
    const changed = await watch.check();
    if (changed.length) {
      expirePageScopes(changed);
      logger.debug({ scopes: changed }, "cached pages expired");
    }
    return changed;
  }

  /** One read at a time; a signal during a read asks for one more after it (the write may have missed it). */
  function tick(): Promise<PageScope[]> {
    if (running) {
      again = true;
      return running;
    }
    running = check()
      .catch((error: unknown) => {
        logger.warn({ err: error }, "page cache: could not read the catalog fingerprints");
        return [];
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void tick();
        }
      });
    return running;
  }

  const signal = watchCatalogWrites(options.url, () => void tick());
  const timer = setInterval(() => void tick(), options.safetyMs ?? PAGE_INVALIDATION_SAFETY_MS);
  timer.unref();
  void tick();
  return {
    stop: () => {
      signal.stop();
      clearInterval(timer);
    },
    tick,
  };
}
