import "server-only";
import type { z } from "zod";
import { isUpstreamError, UpstreamError } from "../errors";
import { sendUpstream, type Priority, type RequestBudget, type UpstreamRequest, type UpstreamResponse } from "../http";
import type { RetryPolicy } from "../retry-policy";
import { assertSecureTransport } from "../transport";
import { apiKeyBearer, type CommerceAuth, type CommerceAuthProvider, type TokenStore } from "./auth";
import { reconnectNeeded, unknownOutcome } from "./errors";
import { unwrap, type Unwrapped } from "./envelope";

// One commerce call from start to end: transport check (before any credential is looked at),
// the bearer credential, sendUpstream (timeouts, retries, budget, log line), the OAuth
// "401 → refresh once → reconnect needed" rule, the envelope, and the "once" rule of order
// creation (anything unclear after sending is an unknown outcome, never a resend).

export type CommerceClientOptions = {
  /** The API host root, without /v2 (the emulator's URL in development and tests). */
  baseUrl: string;
  auth: CommerceAuth | CommerceAuthProvider;
  /** The deployment-wide request budget (acquired before every attempt). */
  budget?: RequestBudget;
  policy?: Partial<RetryPolicy>;
  /** Per-attempt timeout; sendUpstream's default (15 s) when unset. */
  timeoutMs?: number;
  /** The embedded emulator's instance id, part of the connection identity (connection-identity.ts). */
  sandboxInstance?: string | null;
};

/** Per-call overrides, e.g. a short rate-limit wait for catalog refreshes, or a buyer's preview's budget class. */
export type CallOptions = { timeoutMs?: number; policy?: Partial<RetryPolicy>; priority?: Priority };

export type Endpoint<S extends z.ZodType> = {
  method: UpstreamRequest["method"];
  /** Path under the host root, ids already encoded: "/v2/orders/ord_1". */
  path: string;
  /** Template for logs and messages: "GET /v2/orders/{id}". */
  route: string;
  query?: UpstreamRequest["query"];
  json?: unknown;
  headers?: Record<string, string>;
  priority: Priority;
  retry: UpstreamRequest["retry"];
  /** false for the "No auth" endpoints (status, root): no credential is sent. */
  authenticated: boolean;
  schema: S;
};

export type Result<T> = Unwrapped<T> & { headers: Headers };

export type Call = <S extends z.ZodType>(endpoint: Endpoint<S>, options?: CallOptions) => Promise<Result<z.output<S>>>;

export function createCall(options: CommerceClientOptions): Call {
  const resolveAuth = typeof options.auth === "function" ? options.auth : () => options.auth as CommerceAuth;

  return async (endpoint, callOptions) => {
    assertSecureTransport("commerce", options.baseUrl.replace(/\/$/, "") + endpoint.path);
    const auth = endpoint.authenticated ? await resolveAuth() : undefined;

    const send = (authorization: string | undefined) =>
      sendOnce(endpoint, {
        api: "commerce",
        baseUrl: options.baseUrl,
        method: endpoint.method,
        path: endpoint.path,
        route: endpoint.route,
        query: endpoint.query,
        json: endpoint.json,
        headers: { ...endpoint.headers, ...(authorization ? { Authorization: authorization } : {}) },
        retry: endpoint.retry,
        priority: callOptions?.priority ?? endpoint.priority,
        timeoutMs: callOptions?.timeoutMs ?? options.timeoutMs,
        policy: { ...options.policy, ...callOptions?.policy },
        budget: options.budget,
      });

    let response: UpstreamResponse;
    if (auth?.kind === "oauth") {
      response = await send(`Bearer ${await auth.tokens.getAccessToken()}`);
      // Spec section 5: on 401 for a token, refresh once and repeat once. A 401 means the
      // upstream did not act, so repeating even an order creation is safe here.
      if (response.status === 401) {
        const token = await refreshOrReconnect(auth.tokens, endpoint.route);
        response = await send(`Bearer ${token}`);
        if (response.status === 401) {
          const reason = `the refreshed access token was refused too (${errorCodeOf(response) ?? "HTTP 401"})`;
          await auth.tokens.markReconnectNeeded(reason);
          throw reconnectNeeded(endpoint.route, reason);
        }
      }
    } else {
      response = await send(auth ? apiKeyBearer(auth) : undefined);
    }

    if (endpoint.retry === "once") return unwrapOnce(endpoint, response);
    return { ...unwrap(endpoint.route, response, endpoint.schema), headers: response.headers };
  };
}

/**
 * sendUpstream, plus the "once" rule for what comes back: a 5xx, or an answer that cannot be
 * read, may hide an order that was placed.
 */
async function sendOnce<S extends z.ZodType>(
  endpoint: Endpoint<S>,
  request: UpstreamRequest,
): Promise<UpstreamResponse> {
  try {
    const response = await sendUpstream(request);
    if (endpoint.retry === "once" && response.status >= 500) {
      const cause = apiErrorOf(endpoint, response);
      throw unknownOutcome(endpoint.route, `HTTP ${response.status} after the request was sent`, cause, cause);
    }
    return response;
  } catch (error) {
    if (
      endpoint.retry === "once" &&
      isUpstreamError(error) &&
      error.kind === "validation" &&
      !isClientError(error.status)
    ) {
      throw unknownOutcome(endpoint.route, "the answer could not be read", error);
    }
    throw error;
  }
}

function unwrapOnce<S extends z.ZodType>(endpoint: Endpoint<S>, response: UpstreamResponse): Result<z.output<S>> {
  try {
    return { ...unwrap(endpoint.route, response, endpoint.schema), headers: response.headers };
  } catch (error) {
    // A 2xx we cannot read means the upstream acted; what it made is for the lookups to find.
    if (isUpstreamError(error) && error.kind === "validation")
      throw unknownOutcome(endpoint.route, "the success answer could not be read", error);
    throw error;
  }
}

/** The upstream's error for a 5xx (to keep its code, status and request id on the unknown outcome). */
function apiErrorOf<S extends z.ZodType>(endpoint: Endpoint<S>, response: UpstreamResponse): UpstreamError {
  try {
    unwrap(endpoint.route, response, endpoint.schema);
  } catch (error) {
    if (isUpstreamError(error)) return error;
  }
  return new UpstreamError({
    api: "commerce",
    kind: "api",
    code: `HTTP_${response.status}`,
    status: response.status,
    message: `${endpoint.route}: HTTP ${response.status}`,
  });
}

const isClientError = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

function errorCodeOf(response: UpstreamResponse): string | undefined {
  const error = (response.body as { error?: unknown } | undefined)?.error;
  if (typeof error === "string") return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Codes of the token endpoint that mean the grant is gone for good (RFC 6749 §5.2). */
const GRANT_GONE = new Set(["INVALID_GRANT", "INVALID_CLIENT", "UNAUTHORIZED_CLIENT"]);

// Concurrent 401s on one store share one refresh: a second refresh with the spent refresh
// token would look like theft to the authorization server and revoke the grant.
const refreshing = new WeakMap<TokenStore, Promise<string>>();

async function refreshOrReconnect(tokens: TokenStore, route: string): Promise<string> {
  let pending = refreshing.get(tokens);
  if (!pending) {
    pending = tokens.refresh().finally(() => refreshing.delete(tokens));
    refreshing.set(tokens, pending);
  }
  try {
    return await pending;
  } catch (error) {
    // invalid_grant is never retried: the refresh token is revoked, expired or spent.
    if (isUpstreamError(error) && GRANT_GONE.has(error.canonicalCode)) {
      const reason = `token refresh failed: ${error.code}`;
      await tokens.markReconnectNeeded(reason);
      throw reconnectNeeded(route, reason, error);
    }
    // Anything else (network, 5xx at the token endpoint) may pass: the next call tries again.
    throw error;
  }
}
