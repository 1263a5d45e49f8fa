import type { OrderStatus } from "@/lib/db/generated/sqlite/enums";
import { logger } from "@/lib/log";

// Every upstream status of both specs onto the one lifecycle (DESIGN.md "Orders"). Pure: the
// callers (apply-upstream.ts) decide whether the move is allowed from where the order is now.
// An unknown status is treated as "still in progress" and logged (upstream-notes: the live
// service may have statuses the shop does not know yet).

export type UpstreamMode = "credits" | "payment_link";

export type MappedStatus = {
  /** The lifecycle status the upstream status means. `placed` = in progress upstream. */
  status: Extract<
    OrderStatus,
    "awaiting_payment" | "placed" | "fulfilled" | "failed" | "cancelled" | "refunded" | "needs_attention"
  >;
  /** False for a status neither spec nor upstream-notes names. */
  known: boolean;
  /** Plain words for the timeline and the buyer when the status is a dead end. */
  reason?: string;
};

const COMMERCE: Record<string, (mode: UpstreamMode) => Omit<MappedStatus, "known">> = {
  // A payment-link checkout nobody has paid yet.
  awaiting_payment: () => ({ status: "awaiting_payment" }),
  processing: () => ({ status: "placed" }),
  // guess (upstream-notes): "pending" may appear instead of "processing".
  pending: () => ({ status: "placed" }),
  fulfilled: () => ({ status: "fulfilled" }),
  // The live name of the completion (order.completed).
  completed: () => ({ status: "fulfilled" }),
  failed: () => ({ status: "failed", reason: "The supplier could not complete the order." }),
  // guess: the upstream gave the money back. With credits that is the shop's balance (the buyer
  // is refunded by the shop: failed + refund hook); with a payment link it is the buyer's card.
  refunded: (mode) =>
    mode === "payment_link"
      ? { status: "refunded", reason: "The supplier could not complete the order and refunded your payment." }
      : { status: "failed", reason: "The supplier could not complete the order and returned the shop's payment." },
  // guess: a payment-link checkout that lapsed unpaid.
  expired: () => ({ status: "cancelled", reason: "The payment link expired before it was paid." }),
  // seen: provider failure, out of stock, bad number: the supplier's staff look at it.
  manual_revision: () => ({
    status: "needs_attention",
    reason: "The supplier is checking this order by hand. We will complete it or refund you.",
  }),
};

/** Commerce v2 `status` (any case: the live service sends MANUAL_REVISION in capitals). */
export function mapCommerceStatus(raw: string, mode: UpstreamMode = "credits"): MappedStatus {
  const mapper = COMMERCE[raw.trim().toLowerCase()];
  if (mapper) return { ...mapper(mode), known: true };
  logger.warn({ upstream: "commerce", status: raw }, "unknown upstream order status: treated as in progress");
  return { status: "placed", known: false };
}

const UNLOCK: Record<string, Omit<MappedStatus, "known">> = {
  open: { status: "placed" },
  pending: { status: "placed" },
  // The instructions are fetched before the order counts as fulfilled (apply-upstream.ts).
  available: { status: "fulfilled" },
  canceled: { status: "cancelled", reason: "The unlock order was cancelled." },
  // The British spelling, in case the live service uses it.
  cancelled: { status: "cancelled", reason: "The unlock order was cancelled." },
  notavailable: { status: "failed", reason: "An unlock is not available for this device on this network." },
  error: { status: "failed", reason: "The supplier could not process this unlock." },
};

/** Unlocking API `status` (spec section 3). */
export function mapUnlockStatus(raw: string): MappedStatus {
  const mapped = UNLOCK[raw.trim().toLowerCase()];
  if (mapped) return { ...mapped, known: true };
  logger.warn({ upstream: "unlock", status: raw }, "unknown upstream order status: treated as in progress");
  return { status: "placed", known: false };
}

/** Every status this module knows, per API: the exhaustive test walks them. */
export const KNOWN_UPSTREAM_STATUSES = {
  commerce: [
    "awaiting_payment",
    "processing",
    "pending",
    "fulfilled",
    "completed",
    "failed",
    "refunded",
    "expired",
    "MANUAL_REVISION",
  ],
  unlock: ["open", "pending", "available", "canceled", "cancelled", "notavailable", "error"],
} as const;
