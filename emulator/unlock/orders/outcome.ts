// How an unlock order ends. Spec section 3 fixes the two sandbox IMEIs (forced where
// ../dialect.ts says); for every other IMEI the emulator's own deterministic rule decides (README).

export const SANDBOX_UNLOCK_IMEIS = { available: "123456789876543", notavailable: "355710060480006" } as const;

export type FinalStatus = "available" | "notavailable" | "error" | "canceled";
export type Outcome = { status: Exclude<FinalStatus, "canceled">; when: "creation" | "ready" };

/**
 * With `sandboxForced` (../dialect.ts sandboxImeisForced):
 * - 123456789876543: available at creation (instructions delivered);
 * - 355710060480006: notavailable at creation (refund);
 * then, and for every IMEI when not forced:
 * - last two digits "00": error at creation (refund);
 * - check digit 0 otherwise: notavailable when the tool's time is up (refund);
 * - anything else: available when the tool's time is up.
 */
export function plannedOutcome(imei: string, sandboxForced: boolean): Outcome {
  if (sandboxForced && imei === SANDBOX_UNLOCK_IMEIS.available) return { status: "available", when: "creation" };
  if (sandboxForced && imei === SANDBOX_UNLOCK_IMEIS.notavailable) return { status: "notavailable", when: "creation" };
  if (imei.endsWith("00")) return { status: "error", when: "creation" };
  if (imei.endsWith("0")) return { status: "notavailable", when: "ready" };
  return { status: "available", when: "ready" };
}
