import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";

// Submissions belong to the browser that made them (docs/security.md, finding 1; docs/orders.md,
// "Submissions belong to the browser that made them"). A "Pay" makes one order per submission; the
// submission is a capability of the browser (or account) that made it, never something a URL, a
// screenshot or a copied form can carry to another browser:
//
// - Each browser holds a random submitter secret in an httpOnly cookie (./submitter-cookie.mjs;
//   set by the proxy on the review pages, and by the pay action when it is still absent:
//   ./submitter-action.ts).
// - The submission id is not in the page at all: the pay action derives it from that secret
//   and what is being bought (HMAC), so a double click, a resent form or the same review in two
//   tabs of one browser reach one order, and another browser computes other ids.
// - The order stores only the secret's SHA-256 (`Order.submitterHash`), and an existing order
//   is handed back only by `mayResume`: the same account when the order has one, otherwise the
//   same submitter. Anything else starts again.

export type Submitter = { secret: string; hash: string };

/** Who presents a submission: the signed-in account (if any) and the browser's submitter hash. */
export type Claimant = { userId: string | null; submitterHash: string };

/** What a pay action needs of an order to decide and to continue to its checkout. */
export const RESUMABLE_SELECT = {
  id: true,
  ref: true,
  userId: true,
  status: true,
  upstreamMode: true,
  submitterHash: true,
  submissionId: true,
  createdAt: true,
} as const;
export type ResumableOrder = {
  id: string;
  ref: string;
  userId: string | null;
  status: string;
  upstreamMode: string;
  submitterHash: string | null;
};

export function hashSubmitter(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * The one rule: may this existing order be handed back to this claimant? An account's order
 * only to the same account; a guest order only to the browser whose submitter made it (an
 * order without a submitter hash to nobody).
 */
export function mayResume(order: { userId: string | null; submitterHash: string | null }, claimant: Claimant): boolean {
  if (order.userId !== null) return order.userId === claimant.userId;
  return order.submitterHash !== null && sameHash(order.submitterHash, claimant.submitterHash);
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What is being bought, as the pay action validated it: product, buyer, choice and total. */
export type Review = {
  productType: string;
  userId: string | null;
  email: string;
  totalMinor: number;
  choice: Record<string, unknown>;
};

/** How many paid copies of one review a browser can buy before its ids stop being reused. */
const GENERATIONS = 20;
/** A paid order is "the form sent again" (back, Pay) for this long; after it, the same review buys again. */
export const RESEND_WINDOW_MS = 15 * 60_000;
/** Orders that ended without a product: the same review makes a new order at once. */
const ENDED = new Set(["failed", "cancelled", "refunded"]);

/** The submission id of a review's nth purchase by this submitter (never shown to the browser). */
export function submissionIdFor(secret: string, review: Review, generation: number): string {
  const mac = createHmac("sha256", secret).update(stableJson({ review, generation })).digest("base64url");
  return `sub_${mac}`;
}

/**
 * The submission this review is, for this browser: the order it already made when this
 * claimant may resume it (a double click, a resent form, a second tab, "back" and Pay again),
 * otherwise the id of a new order. A review whose earlier order ended without a product
 * (failed, cancelled, refunded), or was paid more than RESEND_WINDOW_MS ago, is a new purchase:
 * the next id.
 */
export async function findSubmission(
  db: DbClient,
  submitter: Submitter,
  review: Review,
  now: Date = new Date(),
): Promise<{ submissionId: string; existing: ResumableOrder | null }> {
  const ids = Array.from({ length: GENERATIONS }, (_, generation) =>
    submissionIdFor(submitter.secret, review, generation),
  );
  const orders = await db.order.findMany({ where: { submissionId: { in: ids } }, select: RESUMABLE_SELECT });
  const byId = new Map(orders.map((order) => [order.submissionId, order]));
  const claimant: Claimant = { userId: review.userId, submitterHash: submitter.hash };
  for (const submissionId of ids) {
    const order = byId.get(submissionId);
    if (!order) return { submissionId, existing: null };
    if (!mayResume(order, claimant)) continue;
    if (order.status === "awaiting_payment") return { submissionId, existing: order };
    const recent = now.getTime() - order.createdAt.getTime() < RESEND_WINDOW_MS;
    if (recent && !ENDED.has(order.status)) return { submissionId, existing: order };
    // Ended, or bought a while ago: this review's next submission.
  }
  // Bought this very review GENERATIONS times: a fresh random-keyed submission.
  return { submissionId: submissionIdFor(submitter.secret, review, GENERATIONS + Date.now()), existing: null };
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
