import "server-only";
import { db, dbProvider } from "@/lib/db";
import { upstreamEndpoints } from "@/lib/upstream/endpoints";

// GET /api/health (docs/security.md). The route is public (load balancers, the
// e2e readiness check), so:
//  - everyone gets only the overall state: "ok", "degraded" (an upstream unreachable) or
//    "down" (no database; 503). No error text, latencies, hosts or providers: those are for
//    signed-in staff (`checkHealth` in full);
//  - the upstreams are probed at most once per PROBE_INTERVAL_MS per process, whatever the
//    request rate: concurrent and later requests share the last probe (one in flight at a
//    time), so the endpoint cannot be used to make the shop call its suppliers. The database
//    is asked on every request (one `SELECT 1`): that is what the answer is for.

export type ProbeResult = { ok: boolean; latencyMs: number; error?: string };

const PROBE_TIMEOUT_MS = 2_000;
/** How long one upstream probe answers for. */
export const PROBE_INTERVAL_MS = 30_000;

async function timed(probe: () => Promise<void>): Promise<ProbeResult> {
  const started = performance.now();
  try {
    await probe();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: describe(error) };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "timed out";
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : "unknown error";
}

/** Any HTTP answer means the host is reachable; credentials are not checked here. */
async function reachable(url: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), cache: "no-store" });
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
}

type UpstreamProbes = { commerce: ProbeResult; unlock: ProbeResult; probedAt: string };

const holder = globalThis as unknown as { __healthProbe?: { startedAt: number; result: Promise<UpstreamProbes> } };

/** The last upstream probe while it is younger than the interval (or still running); else a new one. */
function upstreamProbes(now: number): Promise<UpstreamProbes> {
  const cached = holder.__healthProbe;
  if (cached && now - cached.startedAt < PROBE_INTERVAL_MS && now >= cached.startedAt) return cached.result;
  const endpoints = upstreamEndpoints();
  const result = Promise.all([
    timed(() => reachable(`${endpoints.commerce.baseUrl}/v2/status`)),
    timed(() => reachable(`${endpoints.unlock.baseUrl}/countries`)),
  ]).then(([commerce, unlock]) => ({ commerce, unlock, probedAt: new Date(now).toISOString() }));
  holder.__healthProbe = { startedAt: now, result };
  return result;
}

/** Forgets the cached probe (tests). */
export function resetHealthProbe(): void {
  holder.__healthProbe = undefined;
}

/** The full picture, for staff. */
export async function checkHealth(options: { now?: number } = {}) {
  const endpoints = upstreamEndpoints();
  const [database, upstreams] = await Promise.all([
    timed(async () => {
      await db.$queryRawUnsafe("SELECT 1");
    }),
    upstreamProbes(options.now ?? Date.now()),
  ]);
  const { commerce, unlock, probedAt } = upstreams;
  return {
    status: database.ok ? (commerce.ok && unlock.ok ? "ok" : "degraded") : "down",
    database: { ...database, provider: dbProvider },
    upstreams: {
      commerce: { ...commerce, emulated: endpoints.commerce.emulated },
      unlock: { ...unlock, emulated: endpoints.unlock.emulated },
      probedAt,
    },
    checkedAt: new Date().toISOString(),
  } as const;
}

export type Health = Awaited<ReturnType<typeof checkHealth>>;

/** What anyone may see: the overall state only. */
export function publicHealth(health: Health): { status: Health["status"] } {
  return { status: health.status };
}
