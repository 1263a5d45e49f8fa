import type { Order } from "@/lib/db/generated/sqlite/client";
import type { OrderRow, Order as UpstreamOrder } from "@/lib/upstream/commerce/schemas";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { CommerceProductType } from "@/lib/products/registry";
import { readPlacement, type Placement } from "./detail";
import type { PlacementContext } from "./placement-outcomes";
import { MINUTE } from "./schedule";

// Looking for the upstream order of a create whose outcome is unknown (a lost answer, a
// timeout, a crash while `sending`), before anything is sent again. The documents define no
// idempotency key (C§1 "Credits are debited instantly by create", C§7 "4xx, do not retry the
// same payload"), and the supplier's own connector says: if a create's result lacks
// `order_id`, look the order up, never create again (upstream-notes). So the order list
// (GET /orders?type=, C§4) and the credit history (GET /balance/history) are read for an order
// created since the attempt that matches its body and that no other local order of the same
// connection holds. GET /orders lists "completed orders" (C§4): "not found" never proves "not
// placed". docs/orders.md "Placement".

/** The supplier's clock may run behind ours: orders this much older than the attempt still count. */
export const LOOKUP_CLOCK_SKEW_MS = 10 * MINUTE;
/** Pages (of LOOKUP_PAGE_SIZE) read of each list, newest first, before giving up on older rows. */
const LOOKUP_MAX_PAGES = 5;
const LOOKUP_PAGE_SIZE = 100;

export type LookupFinding =
  /** Exactly one upstream order matches and no other local attempt could be its owner. */
  | { kind: "found"; order: UpstreamOrder; via: "orders" | "balance_history" }
  /** Several matches, a match another unclear local attempt could own, or rows that cannot be checked: staff decide. */
  | { kind: "ambiguous"; candidates: string[]; unverifiable: string[]; competing: string[]; since: string }
  | { kind: "none"; unverifiable: string[]; historyRead: boolean; since: string };

export type Expected = {
  type: CommerceProductType;
  phone?: string;
  catalogId?: string;
  priceToken?: string;
  costMinor?: number;
  since: number;
};

/** What the recorded attempt says the upstream order must look like. */
function expectedOf(order: Order, placement: Placement): Expected {
  const body = (placement.body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    type: order.productType as CommerceProductType,
    phone: text(body.phone),
    catalogId: text(body.catalog_id),
    priceToken: text(body.price_token),
    costMinor: placement.costMinor ?? order.costAmount ?? undefined,
    since: Date.parse(placement.sentAt) - LOOKUP_CLOCK_SKEW_MS,
  };
}

type Verdict = "match" | "other" | "unverifiable";

/**
 * Compares one upstream order with the attempt. A field the row has and that differs rules it
 * out; a field needed to tell it apart that the row lacks (the documents do not name phone,
 * amounts or times on order records) makes it unverifiable: listed for staff, never adopted.
 */
export function compareWithAttempt(row: OrderRow, expected: Expected): Verdict {
  if (row.type !== expected.type) return "other";
  const raw = row as Record<string, unknown>;
  const createdAt = row.created_at ? Date.parse(row.created_at) : NaN;
  if (Number.isFinite(createdAt) && createdAt < expected.since) return "other";
  const phone = row.phone ?? undefined;
  if (expected.phone && phone && phone !== expected.phone) return "other";
  const catalogId = row.catalog_id ?? row.product?.catalog_id ?? undefined;
  if (expected.catalogId && catalogId && catalogId !== expected.catalogId) return "other";
  const token = typeof raw.price_token === "string" ? raw.price_token : undefined;
  if (expected.priceToken && token && token !== expected.priceToken) return "other";
  const cost = row.credits_used ?? row.total ?? undefined;
  if (expected.costMinor !== undefined && cost !== undefined && cost !== expected.costMinor) return "other";

  const unknownTime = !Number.isFinite(createdAt);
  const unknownIdentity = (expected.phone && !phone) || (expected.catalogId && !catalogId);
  const unknownCost = expected.costMinor !== undefined && cost === undefined;
  return unknownTime || unknownIdentity || unknownCost ? "unverifiable" : "match";
}

/** Reads pages newest first until a page ends before `since` (when rows say when) or the page limit. */
async function recentRows<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; hasMore: boolean; cursor: string | null }>,
  timeOf: (row: T) => number,
  since: number,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    rows.push(...result.items);
    const last = result.items.at(-1);
    if (!result.hasMore || result.cursor === null || (last && timeOf(last) < since)) break;
    cursor = result.cursor;
  }
  return rows;
}

/** Looks for the upstream order of `order`'s unclear create. Upstream errors of the order list are thrown (the caller tries later). */
export async function findUnclearCreate(
  ctx: PlacementContext,
  order: Order,
  placement: Placement,
): Promise<LookupFinding> {
  const expected = expectedOf(order, placement);
  const since = new Date(expected.since).toISOString();
  const commerce = ctx.clients.commerce;
  const timeOf = (value: string | null | undefined) => (value ? Date.parse(value) : Number.POSITIVE_INFINITY);

  const listed = await recentRows(
    (cursor) => commerce.listOrderRows({ type: expected.type, limit: LOOKUP_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    (row) => timeOf(row.created_at),
    expected.since,
  );
  type Seen = { row: OrderRow; via: "orders" | "balance_history" };
  const byId = new Map<string, Seen>(listed.map((row) => [row.order_id, { row, via: "orders" }]));

  // The credit history shows a debit at once, also for an order the list shows only once completed.
  let historyRead = true;
  try {
    const history = await recentRows(
      (cursor) => commerce.getBalanceHistory({ limit: LOOKUP_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
      (row) => timeOf(row.created_at),
      expected.since,
    );
    for (const movement of history) {
      if (!movement.order_id || byId.has(movement.order_id) || movement.amount >= 0) continue;
      if (expected.costMinor !== undefined && -movement.amount !== expected.costMinor) continue;
      if (movement.created_at && Date.parse(movement.created_at) < expected.since) continue;
      const row = await commerce.getOrder(movement.order_id);
      byId.set(row.order_id, { row, via: "balance_history" });
    }
  } catch (error) {
    // The history is a second source (its rows' fields are "not shown", C§4): without it the list alone speaks.
    if (!isUpstreamError(error)) throw error;
    historyRead = false;
  }

  const held = await heldElsewhere(ctx, order, [...byId.keys()]);
  const matches: Seen[] = [];
  const unverifiable: string[] = [];
  for (const [id, entry] of byId) {
    if (held.has(id)) continue;
    const verdict = compareWithAttempt(entry.row, expected);
    if (verdict === "match") matches.push(entry);
    if (verdict === "unverifiable") unverifiable.push(id);
  }
  const competing = await competingAttempts(ctx, order, expected);

  if (matches.length === 1 && unverifiable.length === 0 && competing.length === 0) {
    const match = matches[0]!;
    // A list row may leave out fields (and the status); the order's own record is the one to adopt.
    return { kind: "found", order: await commerce.getOrder(match.row.order_id), via: match.via };
  }
  if (matches.length === 0 && competing.length === 0) return { kind: "none", unverifiable, historyRead, since };
  return { kind: "ambiguous", candidates: matches.map((m) => m.row.order_id), unverifiable, competing, since };
}

/** Upstream ids among `ids` that another local order of the same connection holds. */
async function heldElsewhere(ctx: PlacementContext, order: Order, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db.order.findMany({
    where: { id: { not: order.id }, upstreamConnectionId: ctx.connectionId, upstreamOrderId: { in: ids } },
    select: { upstreamOrderId: true },
  });
  return new Set(rows.map((row) => row.upstreamOrderId!));
}

/**
 * Other local orders of the same connection whose create of the same body is unclear too and
 * was sent late enough to have made a matching upstream order (LOOKUP_CLOCK_SKEW_MS before our
 * window, for their clock): such an order could be theirs, so none of them adopts it alone.
 */
async function competingAttempts(ctx: PlacementContext, order: Order, expected: Expected): Promise<string[]> {
  const others = await ctx.db.order.findMany({
    where: {
      id: { not: order.id },
      status: { in: ["placing", "needs_attention"] },
      upstreamOrderId: null,
      upstreamConnectionId: ctx.connectionId,
      productType: order.productType,
    },
    select: { id: true, detail: true, costAmount: true },
  });
  return others
    .filter((other) => {
      const placement = readPlacement(other.detail);
      if (!placement || (placement.state !== "sending" && placement.state !== "unknown")) return false;
      if (Date.parse(placement.sentAt) < expected.since - LOOKUP_CLOCK_SKEW_MS) return false;
      const body = (placement.body ?? {}) as Record<string, unknown>;
      return (
        body.price_token === expected.priceToken &&
        body.phone === expected.phone &&
        body.catalog_id === expected.catalogId
      );
    })
    .map((other) => other.id);
}
