import "server-only";
import { db, dbProvider } from "@/lib/db";
import { upstreamEndpoints } from "@/lib/upstream/endpoints";

export type ProbeResult = { ok: boolean; latencyMs: number; error?: string };

const PROBE_TIMEOUT_MS = 2_000;

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

export async function checkHealth() {
  const endpoints = upstreamEndpoints();
  const [database, commerce, unlock] = await Promise.all([
    timed(async () => {
      await db.$queryRawUnsafe("SELECT 1");
    }),
    timed(() => reachable(`${endpoints.commerce.baseUrl}/v2/status`)),
    timed(() => reachable(`${endpoints.unlock.baseUrl}/countries`)),
  ]);
  return {
    status: database.ok ? (commerce.ok && unlock.ok ? "ok" : "degraded") : "down",
    database: { ...database, provider: dbProvider },
    upstreams: {
      commerce: { ...commerce, emulated: endpoints.commerce.emulated },
      unlock: { ...unlock, emulated: endpoints.unlock.emulated },
    },
    checkedAt: new Date().toISOString(),
  } as const;
}
