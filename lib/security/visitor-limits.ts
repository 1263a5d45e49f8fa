import type { DbClient } from "@/lib/db/create-client";
import { consume, type LimitRule } from "./rate-limit";

// Per-visitor limits on everything an anonymous visitor can make the shop send upstream, keyed
// by the visitor's network (lib/security/client-address.ts visitorKey). Only what really costs
// an upstream call is counted: a preview or image served from the shop's cache is free. The
// counters live in the database (lib/security/rate-limit.ts), shared by every instance.
//
// The numbers: a buyer looks at a few products a minute; the review page prices one product
// per view and the same price is reused for a minute (lib/orders/quote.ts). A page of operator
// logos can miss a few dozen images once. The limits sit well above that (one address may be a
// whole office or a mobile carrier's NAT) and well below the request budget's preview share
// (100/min, lib/upstream/budget/db-budget.ts), so one network cannot spend the share alone;
// many networks together meet the share's cap, which keeps orders' budget out of reach anyway.

export const VISITOR_LIMITS = {
  /** Live price previews (review pages, order forms). */
  preview: { name: "preview:visitor", points: 20, durationSeconds: 60 },
  /** Operator detection for a phone number (the top-up pages). */
  carrier: { name: "carrier:visitor", points: 30, durationSeconds: 60 },
  /** Catalog images fetched from the upstream (not yet kept by the shop). */
  imageMiss: { name: "image-miss:visitor", points: 120, durationSeconds: 60 },
} as const satisfies Record<string, LimitRule>;

export type VisitorLimit = keyof typeof VISITOR_LIMITS;

/** The machine-readable code routes answer with HTTP 429 (and forms map to their message). */
export const VISITOR_LIMITED_CODE = "TOO_MANY_REQUESTS";

const WHAT: Record<VisitorLimit, string> = {
  preview: "price checks",
  carrier: "phone number lookups",
  imageMiss: "image requests",
};

export type VisitorVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/** Spends one point of `visitor`'s `limit`; refused with the message to show once the minute's points are spent. */
export async function limitVisitor(db: DbClient, limit: VisitorLimit, visitor: string): Promise<VisitorVerdict> {
  const verdict = await consume(db, VISITOR_LIMITS[limit], visitor);
  if (verdict.allowed) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  return { allowed: false, retryAfterSeconds, message: visitorLimitMessage(limit, retryAfterSeconds) };
}

/** "Too many price checks from your network. Please try again in 42 seconds." */
export function visitorLimitMessage(limit: VisitorLimit, retryAfterSeconds: number): string {
  return `Too many ${WHAT[limit]} from your network. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;
}
