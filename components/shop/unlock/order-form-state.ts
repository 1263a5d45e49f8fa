// What the unlock order form's server action answers (app/(shop)/unlock/actions.ts). Shared
// by the action and the client form; no server code here.

export type UnlockPayState = {
  /** A message for the whole form. */
  error?: string;
  emailError?: string;
  email?: string;
  /** Inline errors by field name: imei, checklist, or a suffix flag (sn, prd, pin, mep, sro). */
  fieldErrors?: Record<string, string>;
  priceChanged?: boolean;
};

export type UnlockPayFields = { brand: number; device: number; country: number; network: number; tool: number; expectedTotalMinor: number };

/** The pre-order checklist's checkboxes: each must be ticked. */
export const CHECKLIST = ["checkNetwork", "checkAttempts", "checkBlacklist"] as const;
