import "server-only";
import { db } from "@/lib/db";
import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import type { UpstreamApi } from "../errors";
import { observeUpstreamCalls, type UpstreamCallOutcome } from "../http";

// Connection health for the admin: the last successful call, recent errors by code, and the
// rate-limit headroom the upstream reports in X-RateLimit-* headers. Recorded from every call
// (http.ts's observer), in the database so that every instance's calls count. Successes are
// written at most every few seconds per API and process; errors always.

const SUCCESS_WRITE_INTERVAL_MS = 5_000;
const ERROR_RETENTION_MS = 7 * 24 * 3600_000;
const lastSuccessWrite = new Map<string, number>();
let errorsSincePrune = 0;

/** The error code of an answer, or null for a success. Both APIs' envelopes are read here. */
export function errorCodeOf(outcome: UpstreamCallOutcome): string | null {
  if (outcome.networkError) return outcome.networkError;
  const body = outcome.body as { success?: unknown; error?: { code?: unknown }; status?: unknown } | undefined;
  if (outcome.api === "commerce" && body?.success === false)
    return typeof body.error?.code === "string" ? body.error.code : `HTTP_${outcome.status}`;
  if (outcome.api === "unlock" && typeof body?.status === "string" && body.status.toUpperCase() !== "OK")
    return body.status.toUpperCase();
  if (outcome.status !== undefined && outcome.status >= 400) return `HTTP_${outcome.status}`;
  return null;
}

function rateLimitOf(headers: Headers | undefined) {
  const number = (name: string) => {
    const value = headers?.get(name);
    return value !== null && value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
  };
  const reset = number("x-ratelimit-reset");
  return {
    rateLimitLimit: number("x-ratelimit-limit"),
    rateLimitRemaining: number("x-ratelimit-remaining"),
    rateLimitResetAt: reset === null ? null : new Date(reset * 1000),
  };
}

export async function recordOutcome(client: DbClient, outcome: UpstreamCallOutcome, now = new Date()): Promise<void> {
  const code = errorCodeOf(outcome);
  const limits = rateLimitOf(outcome.headers);
  const hasLimits = limits.rateLimitLimit !== null;
  if (code) {
    await client.upstreamCallError.create({
      data: { api: outcome.api, code, status: outcome.status ?? null, route: outcome.route, createdAt: now },
    });
    if (hasLimits)
      await client.upstreamHealth.upsert({
        where: { api: outcome.api },
        create: { api: outcome.api, ...limits },
        update: limits,
      });
    if (++errorsSincePrune >= 100) {
      errorsSincePrune = 0;
      await client.upstreamCallError.deleteMany({
        where: { createdAt: { lt: new Date(now.getTime() - ERROR_RETENTION_MS) } },
      });
    }
    return;
  }
  const last = lastSuccessWrite.get(outcome.api) ?? 0;
  if (now.getTime() - last < SUCCESS_WRITE_INTERVAL_MS) return;
  lastSuccessWrite.set(outcome.api, now.getTime());
  const data = { lastSuccessAt: now, ...(hasLimits ? limits : {}) };
  await client.upstreamHealth.upsert({
    where: { api: outcome.api },
    create: { api: outcome.api, ...data },
    update: data,
  });
}

/** Plugs the recorder into every upstream call of this process (idempotent). */
export function recordUpstreamHealth(): void {
  observeUpstreamCalls((outcome) => {
    recordOutcome(db, outcome).catch((error: unknown) =>
      logger.debug({ err: error }, "could not record upstream health"),
    );
  });
}

export type ApiHealth = {
  api: UpstreamApi;
  lastSuccessAt: Date | null;
  rateLimit: { limit: number; remaining: number; resetAt: Date | null } | null;
  /** Errors of the last 24 hours by code, most frequent first. */
  recentErrors: Array<{ code: string; count: number; lastAt: Date }>;
};

export async function readUpstreamHealth(
  api: UpstreamApi,
  client: DbClient = db,
  now = new Date(),
): Promise<ApiHealth> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [row, errors] = await Promise.all([
    client.upstreamHealth.findUnique({ where: { api } }),
    client.upstreamCallError.groupBy({
      by: ["code"],
      where: { api, createdAt: { gte: since } },
      _count: { _all: true },
      _max: { createdAt: true },
    }),
  ]);
  return {
    api,
    lastSuccessAt: row?.lastSuccessAt ?? null,
    rateLimit:
      row?.rateLimitLimit != null && row.rateLimitRemaining != null
        ? { limit: row.rateLimitLimit, remaining: row.rateLimitRemaining, resetAt: row.rateLimitResetAt }
        : null,
    recentErrors: errors
      .map((e) => ({ code: e.code, count: e._count._all, lastAt: e._max.createdAt ?? since }))
      .sort((a, b) => b.count - a.count || b.lastAt.getTime() - a.lastAt.getTime()),
  };
}
