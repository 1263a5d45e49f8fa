import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { UpstreamError, type UpstreamApi } from "../errors";
import type { Priority, RequestBudget } from "../http";
import { msUntilNextWindow, windowStartOf } from "./windows";

// The deployment-wide request budget per upstream, held in the database so several app
// instances share it (DESIGN.md "Upstream calls"). Each request takes one unit of the current
// one-minute window with a single conditional UPDATE ("... SET used = used + 1 WHERE used <
// cap"), which both SQLite and PostgreSQL apply atomically, so the cap is never exceeded
// however many instances race for the last unit. No transaction, no raw SQL.
//
// Priorities: catalog refresh may use at most `catalogShare` of a window; the rest is kept
// for order placement and status. A spent budget rejects a catalog request at once (the cache
// then serves its stale copy), while order and status requests wait for the next window,
// for at most `maxWaitMs`, rather than fail.

export const DEFAULT_BUDGET_PER_MINUTE = 500;
export const DEFAULT_CATALOG_SHARE = 0.8;
export const DEFAULT_MAX_WAIT_MS = { order: 20_000, status: 5_000 } as const;
/** Windows older than this are deleted (kept a while so staff can see recent usage). */
export const DEFAULT_RETAIN_MS = 60 * 60_000;

export type DbBudgetOptions = {
  /** Requests per minute, for every upstream alike or per upstream (missing ones get the default). */
  perMinute: number | Partial<Record<UpstreamApi, number>>;
  /** Fraction of a window catalog refresh may use (0 < share <= 1). Default 0.8. */
  catalogShare?: number;
  /** Longest wait for the next window before an order or status request fails. */
  maxWaitMs?: Partial<Record<"order" | "status", number>>;
  retainMs?: number;
  /** Injected for tests: the clock that picks the window, and how to wait for the next one. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export type BudgetUsage = { api: UpstreamApi; windowStart: Date; used: number; catalogUsed: number; cap: number; catalogCap: number };

export interface DbBudget extends RequestBudget {
  caps(api: UpstreamApi): { cap: number; catalogCap: number };
  /** The current window's usage (for staff pages and tests). */
  usage(api: UpstreamApi): Promise<BudgetUsage>;
}

const UNIQUE_VIOLATION = "P2002";
/** Waiters wake a little after the window opens, spread out, so instances do not all hit the row at once. */
const WAKE_SPREAD_MS = 250;

export function createDbBudget(db: DbClient, options: DbBudgetOptions): DbBudget {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const share = options.catalogShare ?? DEFAULT_CATALOG_SHARE;
  if (!(share > 0 && share <= 1)) throw new Error(`catalogShare must be in (0, 1], got ${share}`);
  const maxWait = { ...DEFAULT_MAX_WAIT_MS, ...options.maxWaitMs };
  const retainMs = options.retainMs ?? DEFAULT_RETAIN_MS;

  function caps(api: UpstreamApi) {
    const configured = typeof options.perMinute === "number" ? options.perMinute : options.perMinute[api];
    const cap = configured ?? DEFAULT_BUDGET_PER_MINUTE;
    if (!Number.isInteger(cap) || cap < 1) throw new Error(`request budget for ${api} must be a positive integer, got ${cap}`);
    // At least one catalog request per window, or a small budget would never refresh anything.
    return { cap, catalogCap: Math.max(1, Math.floor(cap * share)) };
  }

  /** Takes one unit of the window that holds `at`; false when the window is spent for this priority. */
  async function take(api: UpstreamApi, priority: Priority, at: number): Promise<boolean> {
    const { cap, catalogCap } = caps(api);
    const windowStart = new Date(windowStartOf(at));
    const catalog = priority === "catalog";
    const where = { api, windowStart, used: { lt: cap }, ...(catalog ? { catalogUsed: { lt: catalogCap } } : {}) };
    const data = { used: { increment: 1 }, ...(catalog ? { catalogUsed: { increment: 1 } } : {}) };

    if ((await db.upstreamBudgetWindow.updateMany({ where, data })).count === 1) return true;
    // No row for this window yet (first request of the minute), or the window is spent.
    try {
      await db.upstreamBudgetWindow.create({ data: { api, windowStart, used: 1, catalogUsed: catalog ? 1 : 0 } });
      cleanUp(at);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
    // Another request created the row first: one more conditional try against it.
    return (await db.upstreamBudgetWindow.updateMany({ where, data })).count === 1;
  }

  /** Runs once per window per upstream (by whoever opens the window), off the request's path. */
  function cleanUp(at: number) {
    db.upstreamBudgetWindow
      .deleteMany({ where: { windowStart: { lt: new Date(at - retainMs) } } })
      .catch((error: unknown) => logger.warn({ err: error }, "request budget: old windows not cleaned up"));
  }

  function exhausted(api: UpstreamApi, priority: Priority, at: number): UpstreamError {
    const { cap, catalogCap } = caps(api);
    const limit = priority === "catalog" ? `${catalogCap} of ${cap} per minute for catalog refresh` : `${cap} per minute`;
    return new UpstreamError({
      api,
      // Nothing was sent: like a connection that never opened, trying later can help.
      kind: "network",
      code: "BUDGET_EXHAUSTED",
      message: `request budget for ${api} spent (${limit}); ${priority} request not sent`,
      retryable: true,
      retryAfterMs: msUntilNextWindow(at),
    });
  }

  return {
    caps,

    async acquire(api, priority) {
      const started = now();
      for (;;) {
        const at = now();
        if (await take(api, priority, at)) return;
        if (priority === "catalog") throw exhausted(api, priority, at);
        const wait = msUntilNextWindow(at) + Math.round(Math.random() * WAKE_SPREAD_MS);
        if (at + wait - started > maxWait[priority]) throw exhausted(api, priority, at);
        await sleep(wait);
      }
    },

    async usage(api) {
      const { cap, catalogCap } = caps(api);
      const windowStart = new Date(windowStartOf(now()));
      const row = await db.upstreamBudgetWindow.findUnique({ where: { api_windowStart: { api, windowStart } } });
      return { api, windowStart, used: row?.used ?? 0, catalogUsed: row?.catalogUsed ?? 0, cap, catalogCap };
    },
  };
}
