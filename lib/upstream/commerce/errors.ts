import { UpstreamError } from "../errors";

// Commerce-specific errors, all UpstreamErrors. An error envelope may carry more than code
// and message (upstream-notes: `next_step`, `client_ip`; INSUFFICIENT_CREDITS adds
// `balance`/`required` on the emulator): kept on CommerceApiError for staff screens and logs.

export class CommerceApiError extends UpstreamError {
  /** The upstream's hint on what to do (e.g. which credential to send). */
  readonly nextStep?: string;
  /** The caller's address as the upstream saw it (IP allowlist errors). */
  readonly clientIp?: string;
  /** Every other field of the error object, as sent. */
  readonly details: Record<string, unknown>;

  constructor(
    init: ConstructorParameters<typeof UpstreamError>[0] & {
      nextStep?: string;
      clientIp?: string;
      details?: Record<string, unknown>;
    },
  ) {
    super(init);
    this.name = "CommerceApiError";
    this.nextStep = init.nextStep;
    this.clientIp = init.clientIp;
    this.details = init.details ?? {};
  }
}

/**
 * Order creation was sent and its outcome is unknown (no answer, a 5xx, or an answer we
 * could not read): the order core reconciles by looking the order up, never by resending
 * blindly (a resend with the SAME Idempotency-Key within 24 h is safe: it replays).
 */
export function unknownOutcome(route: string, why: string, from?: UpstreamError, cause?: unknown): UpstreamError {
  return new UpstreamError({
    api: "commerce",
    kind: "unknown_outcome",
    code: from?.code ?? "UNKNOWN_OUTCOME",
    status: from?.status,
    requestId: from?.requestId,
    retryable: false,
    message: `${route}: ${why}; the upstream may or may not have acted: look it up before sending again`,
    cause: cause ?? from,
  });
}

/** OAuth refresh failed for good, or the refreshed token was refused too: staff must reconnect. */
export function reconnectNeeded(route: string, reason: string, cause?: unknown): UpstreamError {
  return new UpstreamError({
    api: "commerce",
    kind: "config",
    code: "RECONNECT_NEEDED",
    status: 401,
    message: `${route}: the commerce OAuth connection must be renewed by staff (${reason})`,
    cause,
  });
}

export function notConfigured(message: string): UpstreamError {
  return new UpstreamError({ api: "commerce", kind: "config", code: "NOT_CONFIGURED", message });
}
