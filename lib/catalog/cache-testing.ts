// Test and benchmark helpers for the catalog cache: a small catalog fetcher built on
// sendUpstream against the in-process emulator, and the emulator's test controls.
import type { RetryPolicy } from "@/lib/upstream/retry-policy";
import { UpstreamError } from "@/lib/upstream/errors";
import { sendUpstream, type Priority, type RequestBudget } from "@/lib/upstream/http";

/** The emulator's sandbox key of the shop account (emulator/README.md), pro tier: 500/min. */
export const EMULATOR_SANDBOX_KEY = "test_shop00000000000000000001:sk_shopsandbox000000000000000000001";
/** The enterprise account's key (5,000/min), for the benchmark's many uncached reads. */
export const EMULATOR_ENTERPRISE_KEY = "live_entr00000000000000000001:sk_entrlive000000000000000000000001";

export type EmulatorFetchOptions = {
  baseUrl: string;
  path: string;
  query?: Record<string, string>;
  budget?: RequestBudget;
  priority?: Priority;
  policy?: Partial<RetryPolicy>;
  timeoutMs?: number;
  apiKey?: string;
};

/** GET a commerce v2 catalog path; unwraps the envelope or throws the UpstreamError it carries. */
export function emulatorFetcher<T = unknown>(options: EmulatorFetchOptions): () => Promise<T> {
  return async () => {
    const response = await sendUpstream({
      api: "commerce",
      baseUrl: options.baseUrl,
      method: "GET",
      path: options.path,
      route: `GET ${options.path}`,
      query: options.query,
      headers: { Authorization: `Bearer ${options.apiKey ?? EMULATOR_SANDBOX_KEY}` },
      retry: "idempotent",
      priority: options.priority ?? "catalog",
      budget: options.budget,
      timeoutMs: options.timeoutMs,
      // Short backoffs: tests and the benchmark should not sleep.
      policy: { baseDelayMs: 5, maxDelayMs: 20, ...options.policy },
    });
    const body = response.body as
      { success?: boolean; data?: T; error?: { code?: string; message?: string } } | undefined;
    if (response.status !== 200 || !body?.success) {
      throw new UpstreamError({
        api: "commerce",
        kind: "api",
        code: body?.error?.code ?? `HTTP_${response.status}`,
        status: response.status,
        message: `GET ${options.path}: ${body?.error?.message ?? `HTTP ${response.status}`}`,
      });
    }
    return body.data as T;
  };
}

export async function emulatorControl<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
): Promise<T> {
  const response = await fetch(`${baseUrl}/__control${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** Upstream calls the emulator received, per "METHOD /path". */
export async function emulatorCounters(baseUrl: string): Promise<Record<string, number>> {
  return (await emulatorControl<{ counters: Record<string, number> }>(baseUrl, "/counters")).counters;
}

export async function totalUpstreamCalls(baseUrl: string): Promise<number> {
  return Object.values(await emulatorCounters(baseUrl)).reduce((sum, n) => sum + n, 0);
}
