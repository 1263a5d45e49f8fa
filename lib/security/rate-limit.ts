import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import type { DbClient } from "@/lib/db/create-client";

// Every limit the shop applies to anonymous or unauthenticated traffic (sign-in attempts,
// upstream previews, carrier lookups, image misses) counts in the `RateLimit` table through
// rate-limiter-flexible's Prisma store, so several instances on one PostgreSQL database share
// the counters (and SQLite keeps them across a restart). The limits themselves are declared by
// their owners (lib/auth/throttle.ts, lib/security/visitor-limits.ts): this file only builds
// limiters and answers "allowed, or retry after N ms".

export type LimitRule = {
  /** Key prefix, unique per rule: "signin:account", "preview:visitor", … */
  name: string;
  /** Points allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationSeconds: number;
  /** Once exhausted, block for this many seconds (default: the rest of the window). */
  blockSeconds?: number;
};

export type LimitVerdict = { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number };

const limiters = new WeakMap<DbClient, Map<string, RateLimiterPrisma>>();

function limiterFor(db: DbClient, rule: LimitRule): RateLimiterPrisma {
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  let limiter = byName.get(rule.name);
  if (!limiter) {
    limiter = new RateLimiterPrisma({
      storeClient: db,
      // The Prisma client's accessor for model RateLimit.
      tableName: "rateLimit",
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.durationSeconds,
      blockDuration: rule.blockSeconds ?? 0,
    });
    byName.set(rule.name, limiter);
  }
  return limiter;
}

/** Spends `cost` points of `key` under `rule`; refused once the window's points are spent. A store failure throws. */
export async function consume(db: DbClient, rule: LimitRule, key: string, cost = 1): Promise<LimitVerdict> {
  try {
    const res = await limiterFor(db, rule).consume(key, cost);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes)
      return { allowed: false, retryAfterMs: Math.max(rejection.msBeforeNext, 1) };
    throw rejection;
  }
}

/** Points already spent by `key` in the current window (0 when none). */
export async function spent(db: DbClient, rule: LimitRule, key: string): Promise<number> {
  const res = await limiterFor(db, rule).get(key);
  return res?.consumedPoints ?? 0;
}

/** Forgets `key` (a successful sign-in clears its failures). */
export async function reset(db: DbClient, rule: LimitRule, key: string): Promise<void> {
  await limiterFor(db, rule).delete(key);
}
