import type { z } from "zod";
import { UpstreamError } from "../errors";
import type { UpstreamResponse } from "../http";
import { requestedWaitMs } from "../retry-policy";
import { envelopeSchema } from "./schemas";

// Turns an unlocking API answer into its `res` (parsed by the endpoint's schema) or an
// UpstreamError. Section 7 has two kinds of error: HTTP status errors, and API errors
// (`status` API_ERROR with `info` as the message); WRONG_ACCESS and TOO_MANY_REQUESTS are
// envelope statuses too. An IMEI check's recognition failure (`res.error`) is NOT an error
// here: the envelope says OK and the result carries it.

export type ReplyContext = {
  route: string;
  /** "once": the call may have acted upstream, so an unclear answer is `unknown_outcome`. */
  retry: "idempotent" | "once";
};

export function unwrapReply<S extends z.ZodType>(
  response: UpstreamResponse,
  schema: S,
  context: ReplyContext,
): z.output<S> {
  const envelope = envelopeSchema.safeParse(response.body);
  const ok = response.status >= 200 && response.status < 300;

  if (!envelope.success) {
    if (ok) throw unreadable(context, response.status, "the answer is not the API's envelope", envelope.error);
    throw httpError(context, response, undefined);
  }
  const { status, info, res } = envelope.data;
  if (!ok || status.toUpperCase() !== "OK") throw envelopeError(context, response, status, info);

  const parsed = schema.safeParse(res);
  if (!parsed.success) throw unreadable(context, response.status, issueSummary(parsed.error), parsed.error);
  return parsed.data;
}

function envelopeError(context: ReplyContext, response: UpstreamResponse, status: string, info: string): UpstreamError {
  const code = status.trim().toUpperCase() || "API_ERROR";
  if (code === "OK") return httpError(context, response, info); // an error HTTP status under an OK envelope
  if (code === "TOO_MANY_REQUESTS" || code === "WRONG_ACCESS") {
    return new UpstreamError({
      api: "unlock",
      kind: "api",
      code,
      status: response.status,
      message: `${context.route}: ${code}${info ? `: ${info}` : ""}`,
      retryAfterMs: code === "TOO_MANY_REQUESTS" ? requestedWaitMs(response.headers) : undefined,
    });
  }
  if (response.status >= 500 && context.retry === "once") return unknownOutcome(context, response.status, info || code);
  return new UpstreamError({
    api: "unlock",
    kind: "api",
    code: apiErrorCode(info) ?? code,
    status: response.status,
    // Section 7: for API_ERROR, `info` holds the message (e.g. the cancel window's text).
    message: info || `${context.route}: ${code} (HTTP ${response.status})`,
    retryable: response.status >= 500,
  });
}

/**
 * The spec gives API errors no codes beyond API_ERROR. One is worth telling apart for the
 * order core (needs_attention, not failed): the account is out of credits. Read from `info`
 * (the emulator says "Insufficient credits: …"); everything else stays API_ERROR.
 */
function apiErrorCode(info: string): string | undefined {
  return /insufficient (credits|balance|funds)/i.test(info) ? "INSUFFICIENT_CREDITS" : undefined;
}

function httpError(context: ReplyContext, response: UpstreamResponse, info: string | undefined): UpstreamError {
  if (response.status >= 500 && context.retry === "once") return unknownOutcome(context, response.status, info ?? "");
  return new UpstreamError({
    api: "unlock",
    kind: "api",
    code: response.status === 401 ? "WRONG_ACCESS" : `HTTP_${response.status}`,
    status: response.status,
    message: `${context.route}: HTTP ${response.status}${info ? `: ${info}` : ""}`,
    retryable: response.status >= 500 || response.status === 429 || response.status === 409,
    retryAfterMs: requestedWaitMs(response.headers),
  });
}

export function unknownOutcome(
  context: ReplyContext,
  status: number | undefined,
  detail: string,
  cause?: unknown,
): UpstreamError {
  return new UpstreamError({
    api: "unlock",
    kind: "unknown_outcome",
    code: status ? `HTTP_${status}` : "UNREADABLE_ANSWER",
    status,
    message: `${context.route}: ${detail || "unclear answer"}; the upstream may or may not have acted`,
    retryable: false,
    cause,
  });
}

function unreadable(context: ReplyContext, status: number, detail: string, cause: unknown): UpstreamError {
  // A successful create/cancel whose answer we cannot read did happen: the outcome is unknown to us.
  if (context.retry === "once") return unknownOutcome(context, undefined, `answer not understood (${detail})`, cause);
  return new UpstreamError({
    api: "unlock",
    kind: "validation",
    code: "MALFORMED_RESPONSE",
    status,
    message: `${context.route}: answer not understood (${detail})`,
    retryable: true,
    cause,
  });
}

function issueSummary(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "res"}: ${i.message}`)
    .join("; ");
}
