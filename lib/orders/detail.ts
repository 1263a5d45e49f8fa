import { z } from "zod";

// `detail.placement`, the order core's own record of the attempt to place an order upstream,
// kept beside the product's own keys of `Order.detail` (each product's detail schema and the
// request its module's `upstream` builds from it: lib/products/<product>/).

/**
 * `detail.placement`: written BEFORE the create call is sent, so that after a crash or a lost
 * answer the worker knows whether a create may have reached the upstream.
 *   sending   – sent (or about to be); the outcome was never recorded (crash)
 *   unknown   – sent, and the answer was lost (timeout, reset, 5xx)
 *   not_sent  – refused before the upstream acted (network refused, rate limit), or staff
 *               found no order at the supplier for an unclear one: safe to send
 *   answered  – the upstream answered (placed, or a definite refusal)
 */
export const placementSchema = z.looseObject({
  state: z.enum(["sending", "unknown", "not_sent", "answered"]),
  sentAt: z.string(),
  /** Commerce: the exact body sent: what a lookup matches upstream orders against, and what a re-send repeats. */
  body: z.record(z.string(), z.unknown()).optional(),
  attempts: z.number().int().nonnegative().default(1),
  /** Commerce: the preview's total (minor units) the create was sent at: a found upstream order must cost this. */
  costMinor: z.number().int().optional(),
  /** Commerce: lookups done for an unclear create (placement-lookup.ts) before staff are asked. */
  lookups: z.number().int().nonnegative().optional(),
  /** Set while the order waits for staff (placement-outcomes.ts ParkCode). */
  parked: z.string().optional(),
});
export type Placement = z.infer<typeof placementSchema>;

export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function readPlacement(detail: unknown): Placement | null {
  const parsed = placementSchema.safeParse(asObject(detail).placement);
  return parsed.success ? parsed.data : null;
}

/** A create may have been sent and its outcome is not known (a crash while sending, a lost answer). */
export function placementUnclear(detail: unknown): boolean {
  const state = readPlacement(detail)?.state;
  return state === "sending" || state === "unknown";
}
