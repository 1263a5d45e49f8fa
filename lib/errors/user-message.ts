import { isNextSignal } from "@/lib/errors/next-signal";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";

// The one way from a thrown error to words a buyer or staff member can read. An upstream error
// carries its own message (lib/upstream/errors.ts: KNOWN_CODES, written for people); anything
// else is our bug or an outage, so it is logged with its stack and the reader gets the fallback.

export type UserFailure = { ok: false; error: string; code?: string };

/** The message to show for `error`; logs unexpected errors under `what` ("gift card order", …). */
export function userMessageOf(error: unknown, what: string, fallback: string): string {
  return userFailureOf(error, what, fallback).error;
}

/** The same as a failure result, with the upstream's canonical code when there is one. */
export function userFailureOf(error: unknown, what: string, fallback: string): UserFailure {
  if (isNextSignal(error)) throw error;
  if (isUpstreamError(error)) return { ok: false, error: error.userMessage, code: error.canonicalCode };
  logger.error({ err: error }, `${what} failed`);
  return { ok: false, error: fallback };
}
