import "server-only";
import { isNextSignal } from "@/lib/errors/next-signal";
import { logger } from "@/lib/log";
import { UpstreamError, type UpstreamApi } from "./errors";
import { backoffDelay, DEFAULT_RETRY_POLICY, requestedWaitMs, type RetryPolicy } from "./retry-policy";
import { assertSecureTransport } from "./transport";

// The one place that sends HTTP to an upstream: timeouts, retries, rate-limit waits,
// transport security, the request budget and one structured log line per call. It knows
// nothing of either API's envelope: it returns the status, headers and parsed JSON body,
// and the API clients (commerce/, unlock/) turn those into data or an UpstreamError.

/**
 * The request budget's classes (lib/upstream/budget/db-budget.ts has the shares and why):
 * placement ("order") and "status" go first when the budget is tight and may wait for the next
 * window; buyer-facing price previews ("preview", anonymous) and "catalog" refresh each have a
 * capped share and are refused at once when it is spent, so neither can starve orders.
 */
export type Priority = "order" | "status" | "preview" | "catalog";

export interface RequestBudget {
  /** Resolves when a request may be sent; rejects (UpstreamError) when it may not, in time. */
  acquire(api: UpstreamApi, priority: Priority): Promise<void>;
}

export type UpstreamRequest = {
  api: UpstreamApi;
  baseUrl: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path with ids, appended to baseUrl. */
  path: string;
  /** The path template for logs, e.g. "GET /v2/orders/{id}" (ids that may be personal stay out). */
  route: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  /** Credentials go here and never into a log line. */
  headers?: Record<string, string>;
  /**
   * "idempotent": 5xx and network failures are retried. "once": never repeated after it may
   * have reached the upstream (order creation); an unclear outcome is an `unknown_outcome` error.
   * Rate-limit answers are retried either way: the upstream did not act on them.
   */
  retry: "idempotent" | "once";
  priority: Priority;
  timeoutMs?: number;
  /** HTTP statuses that mean "too many requests" for this API (the unlocking API uses 409 too). */
  rateLimitStatuses?: readonly number[];
  policy?: Partial<RetryPolicy>;
  budget?: RequestBudget;
};

export type UpstreamResponse = {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
  attempts: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;

/** What one attempt came to: an answer (status, headers, parsed body) or a network failure code. */
export type UpstreamCallOutcome = {
  api: UpstreamApi;
  route: string;
  status?: number;
  headers?: Headers;
  body?: unknown;
  networkError?: string;
};

// The app plugs its connection-health recorder in here (lib/upstream/connection/health.ts);
// tests and scripts run without one. It must never throw or wait. On globalThis: Next.js
// bundles instrumentation (which installs it), pages, actions and routes separately, each with
// its own copy of this module; with a module variable, calls from pages and actions (the unlock
// catalog, a buyer's cancel) would go unrecorded.
type Observer = (outcome: UpstreamCallOutcome) => void;
const globalForObserver = globalThis as unknown as { __upstreamCallObserver?: Observer };

export function observeUpstreamCalls(fn: Observer | undefined): void {
  globalForObserver.__upstreamCallObserver = fn;
}

const observer = (outcome: UpstreamCallOutcome) => globalForObserver.__upstreamCallObserver?.(outcome);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendUpstream(request: UpstreamRequest): Promise<UpstreamResponse> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...request.policy };
  const rateLimitStatuses = request.rateLimitStatuses ?? [429];
  const url = buildUrl(request);
  assertSecureTransport(request.api, url);

  for (let attempt = 1; ; attempt++) {
    await request.budget?.acquire(request.api, request.priority);
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(url, init(request));
    } catch (error) {
      // Next.js's signal from its patched fetch, not a network failure (lib/errors/next-signal.ts).
      if (isNextSignal(error)) throw error;
      const failure = classifyFetchFailure(request, error);
      log(request, { attempt, durationMs: performance.now() - started, error: failure.code });
      observer({ api: request.api, route: request.route, networkError: failure.code });
      if (failure.retryable && attempt < policy.maxAttempts) {
        await sleep(backoffDelay(attempt, policy));
        continue;
      }
      throw failure;
    }

    const durationMs = performance.now() - started;
    const body = await readJson(request, response);
    log(request, { attempt, durationMs, status: response.status, requestId: requestIdOf(body) });
    observer({ api: request.api, route: request.route, status: response.status, headers: response.headers, body });

    if (rateLimitStatuses.includes(response.status) && attempt < policy.maxAttempts) {
      const wait = requestedWaitMs(response.headers) ?? backoffDelay(attempt, policy);
      if (wait <= policy.maxRateLimitWaitMs) {
        await sleep(wait);
        continue;
      }
    }
    if (response.status >= 500 && request.retry === "idempotent" && attempt < policy.maxAttempts) {
      await sleep(backoffDelay(attempt, policy));
      continue;
    }
    return { status: response.status, headers: response.headers, body, attempts: attempt };
  }
}

function buildUrl(request: UpstreamRequest): string {
  const url = new URL(request.baseUrl.replace(/\/$/, "") + request.path);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function init(request: UpstreamRequest): RequestInit {
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(request.form).toString();
  }
  return {
    method: request.method,
    headers,
    body,
    signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    cache: "no-store",
  };
}

/** Network-level failures: was the request possibly received by the upstream? */
function classifyFetchFailure(request: UpstreamRequest, error: unknown): UpstreamError {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  const causeCode = (error as { cause?: { code?: string } })?.cause?.code;
  // Refused or unresolvable: nothing reached the upstream, so even a "once" call may be retried.
  const neverSent = causeCode === "ECONNREFUSED" || causeCode === "ENOTFOUND" || causeCode === "EAI_AGAIN";
  if (request.retry === "once" && !neverSent) {
    return new UpstreamError({
      api: request.api,
      kind: "unknown_outcome",
      code: timedOut ? "TIMEOUT" : (causeCode ?? "NETWORK_ERROR"),
      message: `${request.route}: ${timedOut ? "no answer in time" : "connection failed"}; the upstream may or may not have acted`,
      retryable: false,
      cause: error,
    });
  }
  return new UpstreamError({
    api: request.api,
    kind: timedOut ? "timeout" : "network",
    code: timedOut ? "TIMEOUT" : (causeCode ?? "NETWORK_ERROR"),
    message: `${request.route}: ${timedOut ? "no answer in time" : `connection failed (${causeCode ?? "network error"})`}`,
    retryable: true,
    cause: error,
  });
}

async function readJson(request: UpstreamRequest, response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    // A proxy's HTML error page (502, 503) is still an HTTP error: let its status decide,
    // so it is retried like any other 5xx.
    if (!response.ok) return undefined;
    throw new UpstreamError({
      api: request.api,
      kind: "validation",
      code: "MALFORMED_RESPONSE",
      status: response.status,
      message: `${request.route}: the answer (HTTP ${response.status}) is not JSON`,
      // A garbled answer to a read can be asked again; to an order creation it cannot.
      retryable: request.retry === "idempotent",
      cause: error,
    });
  }
}

function requestIdOf(body: unknown): string | undefined {
  const meta = (body as { meta?: { request_id?: unknown } } | undefined)?.meta;
  return typeof meta?.request_id === "string" ? meta.request_id : undefined;
}

function log(
  request: UpstreamRequest,
  fields: { attempt: number; durationMs: number; status?: number; requestId?: string; error?: string },
) {
  logger.info(
    {
      upstream: request.api,
      route: request.route,
      status: fields.status,
      durationMs: Math.round(fields.durationMs),
      attempt: fields.attempt,
      requestId: fields.requestId,
      error: fields.error,
    },
    "upstream call",
  );
}
