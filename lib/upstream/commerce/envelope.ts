import type { z } from "zod";
import { UpstreamError } from "../errors";
import type { UpstreamResponse } from "../http";
import { requestedWaitMs } from "../retry-policy";
import { CommerceApiError } from "./errors";
import { envelopeSchema, type Envelope } from "./schemas/common";

// Turns an HTTP answer of the commerce API into its checked `data`, or an UpstreamError:
// an error envelope or status → kind "api" with the upstream's code; an answer that breaks
// the contract → kind "validation", code INVALID_RESPONSE, naming the path that failed.

export type Unwrapped<T> = { data: T; meta: Record<string, unknown>; requestId?: string };

export function unwrap<S extends z.ZodType>(
  route: string,
  response: UpstreamResponse,
  dataSchema: S,
): Unwrapped<z.output<S>> {
  const ok = response.status >= 200 && response.status < 300;
  // An empty 2xx (e.g. a 204 on DELETE) has no envelope; its `data` is undefined.
  const body = ok && response.body === undefined ? { success: true } : response.body;
  const envelope = envelopeSchema.safeParse(body);

  if (!ok || (envelope.success && !envelope.data.success)) {
    throw apiError(route, response);
  }
  if (!envelope.success) throw invalidResponse(route, response, envelope.error, "");

  const data = dataSchema.safeParse(envelope.data.data);
  if (!data.success) throw invalidResponse(route, response, data.error, "data");
  const meta = envelope.data.meta ?? {};
  return { data: data.data, meta, requestId: meta.request_id };
}

/** Read defensively: an error answer may be an envelope, OAuth style `{error}`, or not JSON. */
function apiError(route: string, response: UpstreamResponse): CommerceApiError {
  const body = (typeof response.body === "object" && response.body !== null ? response.body : {}) as Partial<
    Record<keyof Envelope, unknown>
  >;
  const error = body.error;
  const fields = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
  const { code: sentCode, message: sentMessage, next_step, client_ip, ...details } = fields;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const code = text(error) ?? text(sentCode) ?? `HTTP_${response.status}`;
  const message = text(sentMessage) ?? text((body as { error_description?: unknown }).error_description);
  const requestId = text((body.meta as { request_id?: unknown } | undefined)?.request_id);
  const slowDown = response.status === 429 || response.status === 503;
  return new CommerceApiError({
    api: "commerce",
    kind: "api",
    code,
    status: response.status,
    message: `${route}: HTTP ${response.status} ${code}${message ? `: ${message}` : ""}`,
    requestId,
    retryAfterMs: slowDown ? requestedWaitMs(response.headers) : undefined,
    nextStep: text(next_step),
    clientIp: text(client_ip),
    details,
  });
}

function invalidResponse(route: string, response: UpstreamResponse, error: z.ZodError, root: string): UpstreamError {
  const where = error.issues.slice(0, 3).map((issue) => describeIssue(issue, root));
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
  const requestId = (response.body as { meta?: { request_id?: unknown } } | undefined)?.meta?.request_id;
  return new UpstreamError({
    api: "commerce",
    kind: "validation",
    code: "INVALID_RESPONSE",
    status: response.status,
    requestId: typeof requestId === "string" ? requestId : undefined,
    retryable: false,
    message: `${route}: the answer does not match the contract at ${where.join("; ")}${more}`,
    cause: error,
  });
}

/** "data.rates[0].total_cost_eur: Invalid input: expected string, received undefined". */
function describeIssue(issue: z.core.$ZodIssue, root: string): string {
  // A union reports its branches separately: name the branch that got furthest.
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const deepest = issue.errors
      .map((branch) => branch[0])
      .filter((first): first is z.core.$ZodIssue => first !== undefined)
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest && deepest.path.length > 0) {
      return describeIssue({ ...deepest, path: [...issue.path, ...deepest.path] } as z.core.$ZodIssue, root);
    }
  }
  return `${formatPath(root, issue.path)}: ${issue.message}`;
}

export function formatPath(root: string, path: readonly PropertyKey[]): string {
  let text = root;
  for (const part of path) {
    if (typeof part === "number") text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text || "(the whole answer)";
}
