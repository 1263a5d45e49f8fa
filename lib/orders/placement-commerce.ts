import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { paidInCostCurrency } from "@/lib/pricing/exchange";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { CreateOrderResult } from "@/lib/upstream/commerce/endpoints/orders";
import type { Order as UpstreamOrder, OrderRequestBody } from "@/lib/upstream/commerce/schemas";
import { honoursIdempotencyKey, recordIdempotencyHonoured } from "@/lib/upstream/connection/registry";
import { applyMapped } from "./apply-mapped";
import type { CommerceUpstream } from "@/lib/products/contract";
import { readPlacement, type Placement } from "./detail";
import { commerceFulfillment } from "./fulfillment";
import { recordEvent, transition } from "./lifecycle";
import { findUnclearCreate, type LookupFinding } from "./placement-lookup";
import {
  classify,
  errorData,
  fail,
  ID_CONFLICT,
  logPlacementError,
  park,
  parkIdConflict,
  recordLateAnswer,
  retryLater,
  unlessIdTaken,
  savePlacement,
  withPlacement,
  type PlacementContext,
} from "./placement-outcomes";
import { after, commercePollDelayMs, HOUR } from "./schedule";
import { mapCommerceStatus } from "./upstream-status";

// Placing a paid order of a commerce product with PRO credits, with the body its module's
// `upstream` builds from the order's detail (lib/products/contract.ts CommerceUpstream):
//   preview (always, PRO: C§1) → price check → record the attempt → create with the order's
//   idempotency key → placed (its status from the answer, or from GET /orders/{id}: C§4's
//   create answer names only `order_id`, `type` and the credits debited).
// A `placing` order whose create may have been sent (crash, lost answer) is NEVER sent again
// blindly: it is looked up in the supplier's order list and credit history
// (placement-lookup.ts) and adopted when found; a re-send with the same key happens only on a
// connection that has shown it honours the key; otherwise staff decide. docs/orders.md "Placement".

/** The upstream remembers idempotency keys for 24 h (upstream-notes); past this a re-send is not trusted. */
const REPLAY_WINDOW_MS = 23 * HOUR;

/**
 * Lookups of an unclear create before staff are asked: an order the supplier is still
 * processing may not be listed yet (GET /orders lists "completed orders", C§4). With
 * reconcileDelayMs' backoff, three lookups span about two minutes.
 */
export const LOOKUPS_BEFORE_STAFF = 3;

export async function placeCommerceOrder(
  ctx: PlacementContext,
  order: Order,
  upstream: CommerceUpstream,
): Promise<Order | null> {
  const placement = readPlacement(order.detail);
  if (placement && (placement.state === "sending" || placement.state === "unknown"))
    return reconcileCommerceOrder(ctx, order, placement);

  let body = upstream.body(order.detail, "credits", order.locale);
  if (!body)
    return park(
      ctx,
      order,
      "bad_detail",
      `Order detail unreadable: no ${order.productType} request can be built from it.`,
    );
  const attempts = (placement?.attempts ?? 0) + 1;

  // 1. Preview: account-specific and authoritative; creates nothing.
  let preview;
  try {
    preview = await ctx.clients.commerce.previewOrder(body);
  } catch (error) {
    // A product whose price tokens expire (an eSIM's lives 30 minutes) renews it for the same
    // choice when a buyer took longer (the price check below still guards what the shop pays).
    const renew = upstream.renewPriceToken;
    if (!renew || !isUpstreamError(error) || error.canonicalCode !== "PRICE_TOKEN_EXPIRED")
      return onError(ctx, order, "preview", error, { state: "not_sent", sentAt: ctx.now.toISOString(), attempts });
    try {
      const renewed = await renew(order.detail, ctx.clients.commerce);
      if (!renewed) throw error;
      order = { ...order, detail: { ...(order.detail as object), ...renewed } as Prisma.JsonValue };
      body = upstream.body(order.detail, "credits", order.locale);
      if (!body) throw error;
      preview = await ctx.clients.commerce.previewOrder(body);
    } catch (retryError) {
      return onError(ctx, order, "preview", retryError, {
        state: "not_sent",
        sentAt: ctx.now.toISOString(),
        attempts,
      });
    }
  }

  if (preview.sufficient_credits === false) {
    return park(
      ctx,
      order,
      "insufficient_credits",
      `The supplier balance does not cover this order (${preview.total} ${preview.currency ?? "EUR"} needed).`,
      {
        balanceMinor: preview.balance ?? null,
        requiredMinor: preview.total,
      },
    );
  }

  // 2. The buyer paid for the quoted price: the shop absorbs a small rise, never a loss.
  // Compared in the upstream's currency: a buyer who paid in dollars paid the order's own rate's worth
  // (docs/i18n.md, "Currencies").
  const currency = (preview.currency ?? "EUR").toUpperCase();
  const paid = paidInCostCurrency(order, currency);
  if (!ctx.acceptCurrentPrice && (paid === null || preview.total > paid)) {
    return park(
      ctx,
      order,
      "price_moved",
      `The supplier now charges ${preview.total} ${currency} (minor units); the buyer paid ${order.retailAmount} ${order.currency}.`,
      {
        quotedCostMinor: order.costAmount,
        costMinor: preview.total,
        paidMinor: order.retailAmount,
      },
    );
  }
  if (order.costAmount !== null && preview.total !== order.costAmount) {
    await recordEvent(ctx.db, {
      orderId: order.id,
      type: "price_changed",
      source: ctx.source,
      actor: ctx.actor,
      message: `Supplier price changed since the quote: ${order.costAmount} → ${preview.total} ${currency} (minor units); the buyer's price stays.`,
    });
  }

  // 3. Record the attempt BEFORE sending: after a crash the worker knows a create may exist.
  const sending: Placement = {
    state: "sending",
    sentAt: ctx.now.toISOString(),
    body: body as Record<string, unknown>,
    attempts,
    costMinor: preview.total,
  };
  order = await savePlacement(ctx, order, sending);
  return sendCreate(ctx, order, body, sending);
}

/**
 * A create whose outcome is unknown: look for it upstream first. Found → adopted. Nothing found
 * → a re-send with the same key only where the connection honours it, else staff decide (after
 * LOOKUPS_BEFORE_STAFF looks). Ambiguous → staff decide, with the candidates.
 */
async function reconcileCommerceOrder(
  ctx: PlacementContext,
  order: Order,
  placement: Placement,
): Promise<Order | null> {
  if (!placement.body) {
    return park(
      ctx,
      order,
      "unknown_outcome",
      "A create may have reached the supplier, but what was sent is not on record: check the supplier's control panel (orders and credit movements) before retrying or refunding.",
    );
  }
  const looking: Placement = { ...placement, attempts: placement.attempts + 1, lookups: (placement.lookups ?? 0) + 1 };
  let finding: LookupFinding;
  try {
    finding = await findUnclearCreate(ctx, order, placement);
  } catch (error) {
    return lookupFailed(ctx, order, looking, error);
  }
  await recordEvent(ctx.db, {
    orderId: order.id,
    type: "reconcile",
    source: ctx.source,
    actor: ctx.actor,
    message: lookupNote(finding),
    data: finding.kind === "found" ? { found: finding.order.order_id, via: finding.via } : { ...finding },
  });

  if (finding.kind === "found") return adopt(ctx, order, finding, looking);
  if (finding.kind === "ambiguous") {
    return park(
      ctx,
      order,
      "unknown_outcome",
      `The create's answer was lost. ${lookupNote(finding)} Check them in the supplier's control panel; adopt none by guess. If none is this order's, Retry placement; otherwise refund the buyer or settle it with the supplier.`,
      {
        candidates: finding.candidates,
        unverifiable: finding.unverifiable,
        competing: finding.competing,
        since: finding.since,
      },
      looking,
    );
  }
  const body = placement.body as OrderRequestBody;
  if (
    ctx.now.getTime() - Date.parse(placement.sentAt) <= REPLAY_WINDOW_MS &&
    (await honoursIdempotencyKey(ctx.db, ctx.connectionId))
  ) {
    await recordEvent(ctx.db, {
      orderId: order.id,
      type: "reconcile",
      source: ctx.source,
      actor: ctx.actor,
      message:
        "This supplier connection has replayed an idempotency key before: the create is sent again with the same key (the supplier answers the original order, no second charge).",
    });
    // PRO accounts preview before create (C§1); a failing preview (an expired eSIM token) does
    // not stop the re-send, which the upstream answers from its idempotency store.
    await ctx.clients.commerce.previewOrder(body).catch(() => undefined);
    return sendCreate(ctx, order, body, looking, true);
  }
  if ((looking.lookups ?? 0) < LOOKUPS_BEFORE_STAFF) {
    return retryLater(ctx, order, `${lookupNote(finding)} Looking again shortly before staff are asked.`, looking);
  }
  return park(
    ctx,
    order,
    "unknown_outcome",
    `The create's answer was lost and nothing was sent again. ${lookupNote(finding)} The order list shows completed orders only, so this does not prove that nothing was placed: check the supplier's control panel (orders and credit movements) first. If it shows no order and no charge, Retry placement; otherwise refund the buyer or settle it with the supplier.`,
    { since: finding.since, unverifiable: finding.unverifiable, historyRead: finding.historyRead },
    looking,
  );
}

/** One sentence for staff on what a lookup found. */
function lookupNote(finding: LookupFinding): string {
  switch (finding.kind) {
    case "found":
      return `Found with the supplier (${finding.via === "orders" ? "order list" : "credit history"}): ${finding.order.order_id}, created after this order's attempt and matching it; nothing was sent again.`;
    case "ambiguous": {
      const parts = [
        finding.candidates.length > 0 ? `matching supplier orders: ${finding.candidates.join(", ")}` : "",
        finding.unverifiable.length > 0
          ? `supplier orders that cannot be told apart from it: ${finding.unverifiable.join(", ")}`
          : "",
        finding.competing.length > 0
          ? `other local orders with an unclear create of the same product: ${finding.competing.length}`
          : "",
      ].filter(Boolean);
      return `Looked for it in the supplier's order list and credit history since ${finding.since}: ${parts.join("; ")}.`;
    }
    case "none":
      return `Nothing found in the supplier's order list${finding.historyRead ? " or credit history" : " (the credit history could not be read)"} since ${finding.since}${finding.unverifiable.length > 0 ? ` (orders that cannot be told apart: ${finding.unverifiable.join(", ")})` : ""}.`;
  }
}

/** The lookup itself failed: it only reads, so it is tried again later; staff after MAX_PLACEMENT_ATTEMPTS. */
async function lookupFailed(
  ctx: PlacementContext,
  order: Order,
  placement: Placement,
  error: unknown,
): Promise<Order | null> {
  logPlacementError(order, "lookup", error);
  const kind = classify(error);
  if (kind === "retry" || kind === "unknown") {
    return retryLater(
      ctx,
      order,
      "The supplier's order list could not be read to look for a create whose answer was lost; trying again shortly.",
      placement,
      isUpstreamError(error) ? error : undefined,
    );
  }
  return park(
    ctx,
    order,
    kind === "setup" ? "setup" : "unknown_outcome",
    `A create may have reached the supplier, and its order list could not be read (${isUpstreamError(error) ? error.canonicalCode : "error"}): check the supplier's control panel before retrying or refunding.`,
    errorData(error),
    placement,
  );
}

/** An upstream order found for the attempt becomes this order's, exactly as a create answer would. */
async function adopt(
  ctx: PlacementContext,
  order: Order,
  finding: Extract<LookupFinding, { kind: "found" }>,
  placement: Placement,
): Promise<Order | null> {
  const upstream = finding.order;
  return recordPlaced(
    ctx,
    order,
    { ...placement, state: "answered" },
    {
      upstreamOrderId: upstream.order_id,
      status: upstream.status,
      costMinor: upstream.credits_used ?? placement.costMinor ?? order.costAmount,
      currency: upstream.currency ?? null,
      message: `Found with the supplier: ${upstream.order_id} (nothing was sent again)`,
      data: { adopted: true, via: finding.via },
      upstream,
    },
  );
}

async function sendCreate(
  ctx: PlacementContext,
  order: Order,
  body: OrderRequestBody,
  placement: Placement,
  reconciling = false,
): Promise<Order | null> {
  let created: CreateOrderResult;
  try {
    created = await ctx.clients.commerce.createOrder(body, { idempotencyKey: order.idempotencyKey });
  } catch (error) {
    return onError(ctx, order, "create", error, placement, reconciling);
  }
  // The live service has shown that it honours the key: later unclear creates may be re-sent.
  if (created.replayed) await recordIdempotencyHonoured(ctx.db, ctx.connectionId);
  if (!created.order_id) {
    return park(
      ctx,
      order,
      "setup",
      `The supplier answered without an order id${created.status ? ` (status ${created.status})` : ""}: is the account set to payment links?`,
    );
  }

  // C§4's create answer has no status: GET /orders/{id} has it. Should that read fail, the order
  // is still placed (its id is what matters) and the first poll reads the status.
  let upstream: UpstreamOrder | undefined;
  let status = created.status ?? null;
  if (!status) {
    try {
      upstream = await ctx.clients.commerce.getOrder(created.order_id);
      status = upstream.status;
    } catch (error) {
      logPlacementError(order, "status", error);
    }
  }
  return recordPlaced(
    ctx,
    order,
    { ...placement, state: "answered" },
    {
      upstreamOrderId: created.order_id,
      status,
      // C§4 names "credits debited" without a field: the notes' `credits_used`, else the preview's total.
      costMinor: created.credits_used ?? placement.costMinor ?? order.costAmount,
      currency: created.currency ?? null,
      message: created.replayed
        ? `Found with the supplier by its idempotency key: ${created.order_id}`
        : `Placed with the supplier: ${created.order_id}`,
      data: { replayed: created.replayed },
      upstream,
    },
  );
}

type PlacedInfo = {
  upstreamOrderId: string;
  status: string | null;
  costMinor: number | null;
  currency: string | null;
  message: string;
  data: Record<string, unknown>;
  /** The order's own record, when read: its fulfillment fields go with a final status. */
  upstream?: UpstreamOrder;
};

/** placing → placed with the upstream id (never lost: see recordLateAnswer), then on to the status's own state. */
async function recordPlaced(
  ctx: PlacementContext,
  order: Order,
  answered: Placement,
  info: PlacedInfo,
): Promise<Order | null> {
  const placing = unlessIdTaken(
    transition(ctx.db, {
      orderId: order.id,
      from: "placing",
      to: "placed",
      source: ctx.source,
      actor: ctx.actor,
      message: info.message,
      data: {
        upstreamOrderId: info.upstreamOrderId,
        upstreamStatus: info.status,
        ...info.data,
      } as Prisma.InputJsonValue,
      patch: {
        upstreamOrderId: info.upstreamOrderId,
        upstreamStatus: info.status,
        costAmount: info.costMinor,
        costCurrency: (info.currency ?? "EUR").toUpperCase(),
        placedAt: new Date(),
        pollAttempts: 0,
        nextPollAt: after(ctx.now, commercePollDelayMs(0)),
        statusReason: null,
        detail: withPlacement(order.detail, answered) as Prisma.InputJsonValue,
      },
    }),
  );
  const placed = await placing.catch((error: unknown) => {
    // The upstream order exists and credits are spent: if the order cannot be written, the log keeps its id.
    logger.error(
      {
        orderId: order.id,
        upstreamOrderId: info.upstreamOrderId,
        err: error instanceof Error ? error.message : String(error),
      },
      "commerce order found or created, but the order could not be updated",
    );
    throw error;
  });
  if (placed === ID_CONFLICT) return parkIdConflict(ctx, order, info.upstreamOrderId, answered);
  // Not placing any more (the lease was lost during a long create): the id is still recorded.
  if (!placed) return recordLateAnswer(ctx, order, info.upstreamOrderId, answered);
  if (!info.status) return placed;

  // A status that is already final (fulfilled at once, failed …) moves straight on.
  const mapped = mapCommerceStatus(info.status, "credits");
  if (mapped.status === "placed") return placed;
  const applied = await applyMapped(ctx.db, placed, {
    mapped,
    raw: info.status,
    fulfillment: info.upstream ? commerceFulfillment(info.upstream) : undefined,
    source: ctx.source,
    actor: ctx.actor,
    now: ctx.now,
  });
  return applied.order;
}

async function onError(
  ctx: PlacementContext,
  order: Order,
  step: "preview" | "create",
  error: unknown,
  placement: Placement,
  reconciling = false,
): Promise<Order | null> {
  logPlacementError(order, step, error);
  const data = { step, ...(errorData(error) as object) };
  switch (classify(error)) {
    case "unknown":
      return retryLater(
        ctx,
        order,
        "The supplier's answer was lost: the order will be looked up in the supplier's order list and credit history before anything is sent again.",
        { ...placement, state: "unknown" },
        isUpstreamError(error) ? error : undefined,
      );
    case "retry": {
      // Nothing reached the upstream this time; an earlier lost create stays unknown.
      const state = step === "create" && !reconciling ? "not_sent" : placement.state;
      return retryLater(
        ctx,
        order,
        `The supplier could not be reached (${step}); trying again shortly.`,
        { ...placement, state },
        isUpstreamError(error) ? error : undefined,
      );
    }
    case "insufficient_credits":
      // A refused create is not remembered upstream: the same key may be sent again later.
      return park(
        ctx,
        order,
        "insufficient_credits",
        "INSUFFICIENT_CREDITS: the supplier balance does not cover this order. Top up the balance; the order resumes by itself.",
        data,
        { ...placement, state: "not_sent" },
      );
    case "setup":
      return park(
        ctx,
        order,
        "setup",
        `The supplier refused the shop's credentials or configuration (${isUpstreamError(error) ? error.canonicalCode : "error"}).`,
        data,
      );
    case "idempotency_conflict":
      return park(
        ctx,
        order,
        "idempotency_conflict",
        "IDEMPOTENCY_KEY_REUSED: an order with this key exists upstream with another body. Check the supplier's order list.",
        data,
      );
    case "refused":
      return fail(
        ctx,
        order,
        isUpstreamError(error)
          ? `The supplier refused the order: ${error.userMessage}`
          : "The supplier refused the order.",
        data,
      );
  }
}
