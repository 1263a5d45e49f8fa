import type { DbClient } from "@/lib/db/create-client";
import type { CatalogCacheEntry } from "@/lib/db/generated/sqlite/client";
import { UpstreamError, isUpstreamError } from "@/lib/upstream/errors";
import type { CatalogResource, CatalogResourcePolicy } from "./lifetimes";

// The catalog cache's rows and the refresh lease, in portable Prisma calls: every decision
// that several instances race for is one conditional UPDATE (or a create that the primary
// key lets only one instance win), never a read followed by a write.

export type CacheRow = CatalogCacheEntry;
/** A row that holds data (a row without a value only holds the lease of a first fetch). */
export type FilledRow = CacheRow & { value: string; fetchedAt: Date };

export const hasValue = (row: CacheRow | null | undefined): row is FilledRow =>
  row != null && row.value !== null && row.fetchedAt !== null;
export const isFresh = (row: CacheRow | null | undefined, now: number): row is FilledRow =>
  hasValue(row) && row.expiresAt.getTime() > now;
export const leaseHeld = (row: CacheRow, now: number) =>
  row.refreshingUntil !== null && row.refreshingUntil.getTime() > now;

export type Claim =
  | { kind: "claimed" }
  /** Someone refreshed it meanwhile: nothing to fetch. */
  | { kind: "fresh"; row: FilledRow }
  /** Another request (here or in another instance) holds the lease. */
  | { kind: "busy"; row: CacheRow }
  /** The last attempt failed moments ago: do not ask the upstream again yet. */
  | { kind: "failed-recently"; row: CacheRow };

const UNIQUE_VIOLATION = "P2002";

export type EntryIdentity = { key: string; resource: CatalogResource; policy: CatalogResourcePolicy };

export class CacheStore {
  constructor(private readonly db: DbClient) {}

  find(key: string): Promise<CacheRow | null> {
    return this.db.catalogCacheEntry.findUnique({ where: { key } });
  }

  /**
   * Takes the refresh lease of `key` until `now + leaseMs` if nobody holds it, the value is
   * due (unless forced) and no attempt failed within `failureBackoffMs` (unless forced).
   */
  async claim(
    entry: EntryIdentity,
    now: number,
    options: { leaseMs: number; failureBackoffMs: number; force: boolean },
  ): Promise<Claim> {
    const at = new Date(now);
    const leaseUntil = new Date(now + options.leaseMs);
    const conditions = [
      { OR: [{ refreshingUntil: null }, { refreshingUntil: { lte: at } }] },
      ...(options.force
        ? []
        : [
            { expiresAt: { lte: at } },
            { OR: [{ lastErrorAt: null }, { lastErrorAt: { lte: new Date(now - options.failureBackoffMs) } }] },
          ]),
    ];
    const taken = await this.db.catalogCacheEntry.updateMany({
      where: { key: entry.key, AND: conditions },
      data: { refreshingUntil: leaseUntil },
    });
    if (taken.count === 1) return { kind: "claimed" };

    let row = await this.find(entry.key);
    if (!row) {
      // Never fetched: a row without a value carries the lease, and the primary key lets
      // exactly one instance create it.
      try {
        await this.db.catalogCacheEntry.create({
          data: {
            key: entry.key,
            upstream: entry.policy.upstream,
            resource: entry.resource,
            value: null,
            fetchedAt: null,
            expiresAt: at,
            refreshingUntil: leaseUntil,
          },
        });
        return { kind: "claimed" };
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      }
      row = await this.find(entry.key);
      if (!row) return this.claim(entry, now, options); // created and deleted again at once: start over
    }
    if (!options.force && isFresh(row, now)) return { kind: "fresh", row };
    if (leaseHeld(row, now)) return { kind: "busy", row };
    if (!options.force && failedRecently(row, now, options.failureBackoffMs)) return { kind: "failed-recently", row };
    // The lease was released between the two statements: let the caller look again.
    return { kind: "busy", row };
  }

  /** Stores a fetched value and releases the lease; recreates the row if it was invalidated meanwhile. */
  save(entry: EntryIdentity, json: string, now: number, lifetimeMs: number): Promise<CacheRow> {
    const data = {
      upstream: entry.policy.upstream,
      resource: entry.resource,
      value: json,
      fetchedAt: new Date(now),
      expiresAt: new Date(now + lifetimeMs),
      refreshingUntil: null,
      lastError: null,
      lastErrorAt: null,
    };
    return this.db.catalogCacheEntry.upsert({
      where: { key: entry.key },
      create: { key: entry.key, ...data },
      update: data,
    });
  }

  /** Releases the lease, the entry as it was (nothing was fetched and nothing failed). */
  async release(key: string): Promise<void> {
    await this.db.catalogCacheEntry.updateMany({ where: { key }, data: { refreshingUntil: null } });
  }

  /** Records why a refresh failed (kept until the next success) and releases the lease. */
  async recordFailure(key: string, error: unknown, now: number): Promise<void> {
    await this.db.catalogCacheEntry.updateMany({
      where: { key },
      data: { lastError: describeError(error), lastErrorAt: new Date(now), refreshingUntil: null },
    });
  }
}

export function failedRecently(row: CacheRow, now: number, backoffMs: number): boolean {
  return row.lastErrorAt !== null && row.lastErrorAt.getTime() > now - backoffMs;
}

/** "CODE: message", so staff see the code and a waiting instance can rebuild the error. */
export function describeError(error: unknown): string {
  if (isUpstreamError(error)) return `${error.code}: ${error.message}`.slice(0, 1000);
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 1000);
  return `Error: ${String(error)}`.slice(0, 1000);
}

/** The error another attempt recorded, for a reader that has no value to fall back on. */
export function recordedError(upstream: "commerce" | "unlock", row: CacheRow): UpstreamError {
  const text = row.lastError ?? "refresh failed";
  const code = /^([A-Za-z0-9_]+): /.exec(text)?.[1] ?? "CATALOG_REFRESH_FAILED";
  return new UpstreamError({
    api: upstream,
    // The recorded failure's kind is not kept; the code (and KNOWN_CODES) still tells
    // whether retrying can help and what to say.
    kind: "network",
    code,
    message: `catalog refresh of ${row.key} failed at ${row.lastErrorAt?.toISOString() ?? "an unknown time"}: ${text}`,
  });
}
