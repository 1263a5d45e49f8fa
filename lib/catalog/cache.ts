import type { DbClient } from "@/lib/db/create-client";
import { isNextSignal } from "@/lib/errors/next-signal";
import { logger } from "@/lib/log";
import { UpstreamError, isUpstreamError } from "@/lib/upstream/errors";
import { HitCounter } from "./cache-hits";
import {
  CacheStore,
  failedRecently,
  hasValue,
  isFresh,
  leaseHeld,
  recordedError,
  type CacheRow,
  type EntryIdentity,
  type FilledRow,
} from "./cache-store";
import { CATALOG_RESOURCES, type CatalogResource } from "./lifetimes";

// The catalog cache in the database, shared by every app instance (docs/architecture.md
// "Upstream calls"):
//
// - fresh values are served from the database without asking the upstream;
// - an expired value is served at once while ONE refresh runs in the background
//   (stale-while-revalidate); with no value yet, the read waits for the fetch;
// - one upstream fetch per key at a time, across concurrent requests (an in-process
//   single-flight map) and across instances (a lease on the row, taken with a conditional
//   update: whoever loses serves the stale value, or waits for the winner's result);
// - when a refresh fails, the stale value is served with its age, and the error is kept on
//   the row for staff (stale-on-failure); with no value at all, the error is thrown.
//
// Values are stored as JSON: Dates come back as ISO strings, undefined properties vanish, and
// class instances become plain objects. Cache what the upstream sent (parsed plain data).
// Only the resources of lib/catalog/lifetimes.ts can be cached; see there for what never is.

export type CatalogReadRequest<T> = {
  /** The entry's key, e.g. catalogKey("topup.operators", { country: "gb" }). */
  key: string;
  resource: CatalogResource;
  /** Fetches the value from the upstream (with priority "catalog" and the request budget). */
  fetch: () => Promise<T>;
  /** Overrides the manifest's lifetime for this key. */
  lifetimeMs?: number;
};

export type CatalogRead<T> = {
  value: T;
  fetchedAt: Date;
  /** How old the data is: pages show it when `stale`. */
  ageMs: number;
  /** Past its lifetime: served while a refresh runs, or because the refresh failed. */
  stale: boolean;
  /** A refresh of this entry is under way (started by this read or held by another instance). */
  refreshing?: boolean;
  /** Why the last refresh failed ("CODE: message"), when it did. */
  lastError?: string;
};

export type CatalogEntrySummary = {
  key: string;
  upstream: string;
  resource: string;
  /** Null when the entry was never fetched successfully (its first fetch failed or is running). */
  fetchedAt: Date | null;
  expiresAt: Date;
  ageMs: number | null;
  stale: boolean;
  hits: number;
  refreshing: boolean;
  lastError: string | null;
  lastErrorAt: Date | null;
};

export type CatalogCacheOptions = {
  /** Injected for tests. */
  now?: () => number;
  /** How long a refresh may hold a key; longer than the slowest fetch with its retries. */
  leaseMs?: number;
  /** After a failed refresh, how long reads serve the stale value (or the error) before asking again. */
  failureBackoffMs?: number;
  /** How often a reader waiting for another instance's fetch looks at the row. */
  pollMs?: number;
  /** How long hit counts gather in memory before one write. */
  hitFlushMs?: number;
};

export interface CatalogCache {
  read<T>(request: CatalogReadRequest<T>): Promise<CatalogRead<T>>;
  /** Fetches now whatever the entry's age (staff "refresh"); throws when the fetch fails, keeping the old value. */
  refreshNow<T>(request: CatalogReadRequest<T>): Promise<CatalogRead<T>>;
  invalidate(key: string): Promise<void>;
  /** Drops every entry of an upstream (or all): e.g. after the shop switches credentials. */
  invalidateAll(upstream?: "commerce" | "unlock"): Promise<number>;
  /**
   * Ends the lifetime of every entry of these resources now, keeping their values: the next read
   * refreshes (serving the old value meanwhile). For when a live call learns that the cached
   * pages are out of date, e.g. the supplier switched a product off.
   */
  expire(resources: CatalogResource[]): Promise<number>;
  listEntries(): Promise<CatalogEntrySummary[]>;
  /** Writes the hit counts gathered in memory. */
  flush(): Promise<void>;
  /** Resolves when no refresh started by this instance is running any more. */
  idle(): Promise<void>;
}

/**
 * Longer than sendUpstream's worst case for a read with its default policy (4 attempts of up
 * to 15 s plus backoff); catalog fetchers should use a shorter policy anyway, since a reader
 * with nothing cached waits for them.
 */
export const DEFAULT_LEASE_MS = 90_000;
export const DEFAULT_FAILURE_BACKOFF_MS = 10_000;

type Outcome = { kind: "fresh"; row: FilledRow } | { kind: "busy"; row: CacheRow } | { kind: "retry" };

export function createCatalogCache(db: DbClient, options: CatalogCacheOptions = {}): CatalogCache {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const failureBackoffMs = options.failureBackoffMs ?? DEFAULT_FAILURE_BACKOFF_MS;
  const pollMs = options.pollMs ?? 50;
  const store = new CacheStore(db);
  const hits = new HitCounter(db, options.hitFlushMs ?? 5_000);
  /** One flight per key in this process: every concurrent reader of the key shares it. */
  const flights = new Map<string, Promise<Outcome>>();
  const background = new Set<Promise<unknown>>();

  function flight(key: string, run: () => Promise<Outcome>): Promise<Outcome> {
    const running = flights.get(key);
    if (running) return running;
    const started = run().finally(() => flights.delete(key));
    flights.set(key, started);
    return started;
  }

  function identity(request: CatalogReadRequest<unknown>): EntryIdentity {
    return { key: request.key, resource: request.resource, policy: CATALOG_RESOURCES[request.resource] };
  }

  /** One attempt: take the lease and fetch, or learn that someone else has it or already did. */
  async function attempt(request: CatalogReadRequest<unknown>, force: boolean): Promise<Outcome> {
    const entry = identity(request);
    const claim = await store.claim(entry, now(), { leaseMs, failureBackoffMs, force });
    if (claim.kind === "fresh" || claim.kind === "busy") return claim;
    if (claim.kind === "failed-recently") throw recordedError(entry.policy.upstream, claim.row);
    try {
      const value = await withDeadline(request.fetch(), leaseMs, entry);
      const row = await store.save(
        entry,
        JSON.stringify(value ?? null),
        now(),
        request.lifetimeMs ?? entry.policy.lifetimeMs,
      );
      return { kind: "fresh", row: row as FilledRow };
    } catch (error) {
      // Next.js telling a build that the route is dynamic: no fetch failed, nothing to record,
      // but the lease must go (kept, it made the app's first reads wait out the lease).
      if (isNextSignal(error)) {
        await store
          .release(entry.key)
          .catch((dbError: unknown) =>
            logger.error({ err: dbError, key: entry.key }, "catalog cache: lease not released"),
          );
        throw error;
      }
      await store
        .recordFailure(entry.key, error, now())
        .catch((dbError: unknown) =>
          logger.error({ err: dbError, key: entry.key }, "catalog cache: failure not recorded"),
        );
      logger.warn(
        {
          key: entry.key,
          resource: entry.resource,
          code: isUpstreamError(error) ? error.code : undefined,
          err: isUpstreamError(error) ? undefined : error,
        },
        "catalog refresh failed",
      );
      throw error;
    }
  }

  /** Waits for another instance's fetch: its result, its recorded failure, or its lease running out. */
  async function waitForOther(request: CatalogReadRequest<unknown>, seen: CacheRow): Promise<Outcome> {
    const entry = identity(request);
    const deadline = Date.now() + leaseMs + 1_000;
    let delay = pollMs;
    while (Date.now() < deadline) {
      await sleep(delay);
      delay = Math.min(delay * 1.5, 500);
      const row = await store.find(entry.key);
      const at = now();
      if (!row) return { kind: "retry" };
      if (isFresh(row, at)) return { kind: "fresh", row };
      if (leaseHeld(row, at)) continue;
      if (row.lastErrorAt && row.lastErrorAt.getTime() !== seen.lastErrorAt?.getTime())
        throw recordedError(entry.policy.upstream, row);
      return { kind: "retry" };
    }
    throw new UpstreamError({
      api: entry.policy.upstream,
      kind: "timeout",
      code: "CATALOG_REFRESH_TIMEOUT",
      message: `catalog refresh of ${entry.key} by another instance did not finish in time`,
    });
  }

  /** Gets a fresh value: fetches it, or waits for whoever is fetching it. Throws when that fails. */
  async function refreshAndWait(request: CatalogReadRequest<unknown>, force: boolean): Promise<FilledRow> {
    for (let round = 0; round < 3; round++) {
      let outcome = await flight(request.key, () => attempt(request, force));
      if (outcome.kind === "busy") {
        const busyRow = outcome.row;
        outcome = await flight(request.key, () => waitForOther(request, busyRow));
      }
      if (outcome.kind === "fresh") return outcome.row;
    }
    const entry = identity(request);
    throw new UpstreamError({
      api: entry.policy.upstream,
      kind: "timeout",
      code: "CATALOG_REFRESH_TIMEOUT",
      message: `catalog refresh of ${entry.key} kept changing hands`,
    });
  }

  function refreshInBackground(request: CatalogReadRequest<unknown>): void {
    const running = flight(request.key, () => attempt(request, false)).catch(() => {
      // Recorded on the row and logged by attempt(); the reader already has the stale value.
    });
    background.add(running);
    void running.finally(() => background.delete(running));
  }

  /** A hit is a read answered from the database without waiting for an upstream fetch. */
  function served<T>(
    row: FilledRow,
    stale: boolean,
    extra: { hit: boolean; refreshing?: boolean; lastError?: string },
  ): CatalogRead<T> {
    if (extra.hit) hits.add(row.key);
    const result: CatalogRead<T> = {
      value: JSON.parse(row.value) as T,
      fetchedAt: row.fetchedAt,
      ageMs: Math.max(0, now() - row.fetchedAt.getTime()),
      stale,
    };
    if (extra.refreshing) result.refreshing = true;
    const lastError = extra.lastError ?? row.lastError ?? undefined;
    if (lastError) result.lastError = lastError;
    return result;
  }

  return {
    async read<T>(request: CatalogReadRequest<T>): Promise<CatalogRead<T>> {
      const policy = CATALOG_RESOURCES[request.resource];
      const row = await store.find(request.key);
      const at = now();
      if (isFresh(row, at)) return served<T>(row, false, { hit: true });
      if (hasValue(row) && at - row.fetchedAt.getTime() <= policy.serveStaleForMs) {
        // Skip the lease attempt (a database write) when the row already says it would fail:
        // another instance is refreshing it, or the last refresh failed moments ago.
        const refreshing = leaseHeld(row, at) || !failedRecently(row, at, failureBackoffMs);
        if (refreshing && !leaseHeld(row, at)) refreshInBackground(request);
        return served<T>(row, true, { hit: true, refreshing });
      }
      try {
        return served<T>(await refreshAndWait(request, false), false, { hit: false });
      } catch (error) {
        if (!hasValue(row) || isNextSignal(error)) throw error;
        // Stale-on-failure: the copy we have, marked stale, with its age and the reason.
        const latest = await store.find(request.key).catch(() => null);
        const fallback = hasValue(latest) ? latest : row;
        // Another instance may have refreshed it meanwhile: then it is simply fresh.
        const fresh = isFresh(fallback, now());
        return served<T>(fallback, !fresh, {
          hit: true,
          lastError: fresh ? undefined : (latest?.lastError ?? describe(error)),
        });
      }
    },

    async refreshNow<T>(request: CatalogReadRequest<T>): Promise<CatalogRead<T>> {
      return served<T>(await refreshAndWait(request, true), false, { hit: false });
    },

    async invalidate(key) {
      await db.catalogCacheEntry.deleteMany({ where: { key } });
    },

    async invalidateAll(upstream) {
      return (await db.catalogCacheEntry.deleteMany({ where: upstream ? { upstream } : {} })).count;
    },

    async expire(resources) {
      const at = new Date(now());
      return (
        await db.catalogCacheEntry.updateMany({
          where: { resource: { in: resources }, expiresAt: { gt: at } },
          data: { expiresAt: at },
        })
      ).count;
    },

    async listEntries() {
      await hits.flush();
      const rows = await db.catalogCacheEntry.findMany({
        // The values can be large and are not shown on the list.
        omit: { value: true },
        orderBy: [{ resource: "asc" }, { key: "asc" }],
      });
      const at = now();
      return rows.map((row) => ({
        key: row.key,
        upstream: row.upstream,
        resource: row.resource,
        fetchedAt: row.fetchedAt,
        expiresAt: row.expiresAt,
        ageMs: row.fetchedAt ? Math.max(0, at - row.fetchedAt.getTime()) : null,
        stale: row.expiresAt.getTime() <= at,
        hits: row.hits,
        refreshing: row.refreshingUntil !== null && row.refreshingUntil.getTime() > at,
        lastError: row.lastError,
        lastErrorAt: row.lastErrorAt,
      }));
    },

    flush: () => hits.flush(),

    async idle() {
      while (background.size > 0) await Promise.allSettled([...background]);
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describe(error: unknown): string {
  return isUpstreamError(error) ? `${error.code}: ${error.message}` : String(error);
}

/** A fetch that outlives its lease would let a second instance fetch the same key: give up first. */
function withDeadline<T>(work: Promise<T>, ms: number, entry: EntryIdentity): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new UpstreamError({
            api: entry.policy.upstream,
            kind: "timeout",
            code: "TIMEOUT",
            message: `catalog fetch of ${entry.key} took longer than its ${ms} ms lease`,
          }),
        ),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * After staff change an upstream's credential: failures recorded under the old one (NOT_CONFIGURED,
 * RECONNECT_NEEDED, …) must not make readers wait out the failure backoff; the next read asks again.
 */
export async function forgetCatalogFailures(db: DbClient, upstream: "commerce" | "unlock"): Promise<void> {
  await db.catalogCacheEntry.updateMany({
    where: { upstream, lastErrorAt: { not: null } },
    data: { lastErrorAt: null },
  });
}
