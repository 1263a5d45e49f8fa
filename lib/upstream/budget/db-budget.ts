import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { UpstreamError, type UpstreamApi } from "../errors";
import type { Priority, RequestBudget } from "../http";
import { msUntilNextWindow, windowStartOf } from "./windows";

// The deployment-wide request budget per upstream, held in the database so several app instances
// share it (docs/architecture.md "Upstream calls"). Each request takes one unit of the current
// one-minute window with a single conditional UPDATE ("... SET used = used + 1 WHERE used < cap"),
// which both SQLite and PostgreSQL apply atomically, so the cap is never exceeded however many
// instances race for the last unit. No transaction, no raw SQL.
//
// Classes (lib/upstream/http.ts Priority), the one place their shares are set:
//   catalog  ≤ 60 % of a window: catalog refresh, carrier lookups and image misses. Refused at
//            once when spent (the cache then serves its stale copy).
//   preview  ≤ 20 %: buyer-facing price previews, which any anonymous visitor can cause. Refused
//            at once when spent; the buyer is asked to try again in N seconds. Counted in a
//            companion row (api "<api>:preview") next to the window's row, with the same
//            conditional increment (no table of its own).
//   order, status: everything else, and ALWAYS at least the remaining 20 % (100 of the pro
//            tier's 500/min, commerce-api-v2.md section 8): catalog and previews together can
//            never take more than 80 %. They wait for the next window, for at most `maxWaitMs`,
//            rather than fail.
// Why these numbers: a normal minute sends a handful of placements and status polls, a few
// dozen previews and fewer catalog refreshes (cached for 10 minutes to a day). 100 previews a
// minute is far above what real buyers need (a preview is also reused for a minute per price
// token, lib/orders/quote.ts), and the reserve of 100 lets a burst of paid orders through at
// once even while both capped classes are spent (docs/security.md: were previews counted as
// orders, 24 anonymous clients would spend the whole 500 in 14 s).
export const DEFAULT_BUDGET_PER_MINUTE = 500;
export const DEFAULT_CATALOG_SHARE = 0.6;
export const DEFAULT_PREVIEW_SHARE = 0.2;
export const DEFAULT_MAX_WAIT_MS = { order: 20_000, status: 5_000 } as const;
/** Windows older than this are deleted (kept a while so staff can see recent usage). */
export const DEFAULT_RETAIN_MS = 60 * 60_000;

export type DbBudgetOptions = {
  /** Requests per minute, for every upstream alike or per upstream (missing ones get the default). */
  perMinute: number | Partial<Record<UpstreamApi, number>>;
  /** Fraction of a window catalog refresh may use. Default 0.6. */
  catalogShare?: number;
  /** Fraction of a window buyer-facing previews may use. Default 0.2. catalogShare + previewShare must stay <= 1. */
  previewShare?: number;
  /** Longest wait for the next window before an order or status request fails. */
  maxWaitMs?: Partial<Record<"order" | "status", number>>;
  retainMs?: number;
  /** Injected for tests: the clock that picks the window, and how to wait for the next one. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export type BudgetUsage = {
  api: UpstreamApi;
  windowStart: Date;
  used: number;
  catalogUsed: number;
  previewUsed: number;
  cap: number;
  catalogCap: number;
  previewCap: number;
};
export type BudgetCaps = { cap: number; catalogCap: number; previewCap: number };

export interface DbBudget extends RequestBudget {
  caps(api: UpstreamApi): BudgetCaps;
  /** The current window's usage (for staff pages and tests). */
  usage(api: UpstreamApi): Promise<BudgetUsage>;
}

const UNIQUE_VIOLATION = "P2002";
/** Waiters wake a little after the window opens, spread out, so instances do not all hit the row at once. */
const WAKE_SPREAD_MS = 250;

/** floor(cap × share), at least 1; rounded first so 30 × 0.6 (17.999…) is 18. */
function shareOf(cap: number, share: number): number {
  return Math.max(1, Math.floor(Math.round(cap * share * 1e6) / 1e6));
}

/** The companion row that counts a window's previews (same table, same conditional increments). */
export function previewRowApi(api: UpstreamApi): string {
  return `${api}:preview`;
}

export function createDbBudget(db: DbClient, options: DbBudgetOptions): DbBudget {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const share = options.catalogShare ?? DEFAULT_CATALOG_SHARE;
  const previewShare = options.previewShare ?? DEFAULT_PREVIEW_SHARE;
  if (!(share > 0 && share <= 1)) throw new Error(`catalogShare must be in (0, 1], got ${share}`);
  if (!(previewShare > 0 && previewShare <= 1)) throw new Error(`previewShare must be in (0, 1], got ${previewShare}`);
  if (share + previewShare > 1 + 1e-9)
    throw new Error(
      `catalogShare + previewShare must be at most 1 (orders need the rest), got ${share + previewShare}`,
    );
  const maxWait = { ...DEFAULT_MAX_WAIT_MS, ...options.maxWaitMs };
  const retainMs = options.retainMs ?? DEFAULT_RETAIN_MS;

  function caps(api: UpstreamApi): BudgetCaps {
    const configured = typeof options.perMinute === "number" ? options.perMinute : options.perMinute[api];
    const cap = configured ?? DEFAULT_BUDGET_PER_MINUTE;
    if (!Number.isInteger(cap) || cap < 1)
      throw new Error(`request budget for ${api} must be a positive integer, got ${cap}`);
    // At least one catalog request and one preview per window, or a small budget would never
    // refresh or price anything.
    return { cap, catalogCap: shareOf(cap, share), previewCap: shareOf(cap, previewShare) };
  }

  type Counted = { used?: { lt: number }; catalogUsed?: { lt: number } };

  /** One conditional unit on the (rowApi, window) row; creates the row for the window's first unit. */
  async function bump(
    rowApi: string,
    windowStart: Date,
    at: number,
    limits: Counted,
    catalog: boolean,
  ): Promise<boolean> {
    const where = { api: rowApi, windowStart, ...limits };
    const data = { used: { increment: 1 }, ...(catalog ? { catalogUsed: { increment: 1 } } : {}) };
    if ((await db.upstreamBudgetWindow.updateMany({ where, data })).count === 1) return true;
    // No row for this window yet (first request of the minute), or the window is spent.
    try {
      await db.upstreamBudgetWindow.create({
        data: { api: rowApi, windowStart, used: 1, catalogUsed: catalog ? 1 : 0 },
      });
      cleanUp(at);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    }
    // Another request created the row first: one more conditional try against it.
    return (await db.upstreamBudgetWindow.updateMany({ where, data })).count === 1;
  }

  /** Takes one unit of the window that holds `at`; false when the window is spent for this priority. */
  async function take(api: UpstreamApi, priority: Priority, at: number): Promise<boolean> {
    const { cap, catalogCap, previewCap } = caps(api);
    const windowStart = new Date(windowStartOf(at));
    if (priority === "preview") {
      // The preview share first, then the window itself; a window spent by orders gives the
      // preview unit back (the companion row may count one too many for an instant, never the window).
      if (!(await bump(previewRowApi(api), windowStart, at, { used: { lt: previewCap } }, false))) return false;
      if (await bump(api, windowStart, at, { used: { lt: cap } }, false)) return true;
      await db.upstreamBudgetWindow.updateMany({
        where: { api: previewRowApi(api), windowStart, used: { gt: 0 } },
        data: { used: { decrement: 1 } },
      });
      return false;
    }
    const catalog = priority === "catalog";
    return bump(
      api,
      windowStart,
      at,
      { used: { lt: cap }, ...(catalog ? { catalogUsed: { lt: catalogCap } } : {}) },
      catalog,
    );
  }

  /** Runs once per window per row (by whoever opens it), off the request's path. */
  function cleanUp(at: number) {
    db.upstreamBudgetWindow
      .deleteMany({ where: { windowStart: { lt: new Date(at - retainMs) } } })
      .catch((error: unknown) => logger.warn({ err: error }, "request budget: old windows not cleaned up"));
  }

  function exhausted(api: UpstreamApi, priority: Priority, at: number): UpstreamError {
    const { cap, catalogCap, previewCap } = caps(api);
    const limit =
      priority === "catalog"
        ? `${catalogCap} of ${cap} per minute for catalog refresh`
        : priority === "preview"
          ? `${previewCap} of ${cap} per minute for previews`
          : `${cap} per minute`;
    const retryAfterMs = msUntilNextWindow(at);
    return new UpstreamError({
      api,
      // Nothing was sent: like a connection that never opened, trying later can help.
      kind: "network",
      code: "BUDGET_EXHAUSTED",
      message: `request budget for ${api} spent (${limit}); ${priority} request not sent`,
      // A buyer's price check: say when to come back (the window's end), not just "busy".
      ...(priority === "preview"
        ? {
            userMessage: `We are handling a lot of price checks right now. Please try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds.`,
          }
        : {}),
      retryable: true,
      retryAfterMs,
    });
  }

  return {
    caps,
    async acquire(api, priority) {
      const started = now();
      for (;;) {
        const at = now();
        if (await take(api, priority, at)) return;
        if (priority === "catalog" || priority === "preview") throw exhausted(api, priority, at);
        const wait = msUntilNextWindow(at) + Math.round(Math.random() * WAKE_SPREAD_MS);
        if (at + wait - started > maxWait[priority]) throw exhausted(api, priority, at);
        await sleep(wait);
      }
    },
    async usage(api) {
      const { cap, catalogCap, previewCap } = caps(api);
      const windowStart = new Date(windowStartOf(now()));
      const [row, previews] = await Promise.all([
        db.upstreamBudgetWindow.findUnique({ where: { api_windowStart: { api, windowStart } } }),
        db.upstreamBudgetWindow.findUnique({ where: { api_windowStart: { api: previewRowApi(api), windowStart } } }),
      ]);
      return {
        api,
        windowStart,
        used: row?.used ?? 0,
        catalogUsed: row?.catalogUsed ?? 0,
        previewUsed: previews?.used ?? 0,
        cap,
        catalogCap,
        previewCap,
      };
    },
  };
}
