import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { paidInCostCurrency } from "@/lib/pricing/exchange";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { CreateOrderResult } from "@/lib/upstream/commerce/endpoints/orders";
import type { OrderRequestBody } from "@/lib/upstream/commerce/schemas";
import { applyMapped } from "./apply-mapped";
import { commerceDetailSchema, commerceRequestBody, readPlacement, type CommerceProductType, type Placement } from "./detail";
import { recordEvent, transition } from "./lifecycle";
import { classify, errorData, fail, ID_CONFLICT, logPlacementError, park, parkIdConflict, recordLateAnswer, retryLater, unlessIdTaken, savePlacement, withPlacement, type PlacementContext } from "./placement-outcomes";
import { after, commercePollDelayMs, HOUR } from "./schedule";
import { mapCommerceStatus } from "./upstream-status";

// Placing a paid commerce order (top-up, eSIM, gift card) with PRO credits:
//   preview (always, PRO) → price check → record the attempt → create with the order's
//   idempotency key → placed (or the answer's final status).
// A `placing` order whose create may have been sent (crash, lost answer) is reconciled by
// sending the SAME body with the SAME key again: within 24 h the upstream answers the original
// order without a second charge (upstream-notes), or places it if the first never arrived.

/** The upstream remembers idempotency keys for 24 h; past this we do not trust a re-send. */
const REPLAY_WINDOW_MS = 23 * HOUR;

export async function placeCommerceOrder(ctx: PlacementContext, order: Order): Promise<Order | null> {
  const placement = readPlacement(order.detail);
  if (placement && (placement.state === "sending" || placement.state === "unknown")) return reconcileCommerceOrder(ctx, order, placement);

  const parsed = commerceDetailSchema.safeParse(order.detail);
  if (!parsed.success) return park(ctx, order, "bad_detail", `Order detail unreadable: ${parsed.error.issues[0]?.message}`);
  const type = order.productType as CommerceProductType;
  let detail = parsed.data;
  let body = commerceRequestBody(type, detail, "credits", order.locale);
  const attempts = (placement?.attempts ?? 0) + 1;

  // 1. Preview: account-specific and authoritative; creates nothing.
  let preview;
  try {
    preview = await ctx.clients.commerce.previewOrder(body);
  } catch (error) {
    // An eSIM price token lives 30 minutes: a buyer who took longer gets today's token for the
    // same plan (the price check below still guards what the shop pays).
    if (type === "esim" && isUpstreamError(error) && error.canonicalCode === "PRICE_TOKEN_EXPIRED" && detail.catalogId) {
      try {
        const plan = await ctx.clients.commerce.getEsimProduct(detail.catalogId);
        detail = { ...detail, priceToken: plan.price_token };
        body = commerceRequestBody(type, detail, "credits", order.locale);
        order = { ...order, detail: { ...(order.detail as object), priceToken: plan.price_token } };
        preview = await ctx.clients.commerce.previewOrder(body);
      } catch (retryError) {
        return onError(ctx, order, "preview", retryError, { state: "not_sent", sentAt: ctx.now.toISOString(), attempts });
      }
    } else {
      return onError(ctx, order, "preview", error, { state: "not_sent", sentAt: ctx.now.toISOString(), attempts });
    }
  }

  if (preview.sufficient_credits === false) {
    return park(ctx, order, "insufficient_credits", `The supplier balance does not cover this order (${preview.total} ${preview.currency ?? "EUR"} needed).`, {
      balanceMinor: preview.balance ?? null,
      requiredMinor: preview.total,
    });
  }

  // 2. The buyer paid for the quoted price: the shop absorbs a small rise, never a loss.
  // Compared in the upstream's currency: a buyer who paid in dollars paid the order's own rate's worth ([16]).
  const currency = (preview.currency ?? "EUR").toUpperCase();
  const paid = paidInCostCurrency(order, currency);
  if (!ctx.acceptCurrentPrice && (paid === null || preview.total > paid)) {
    return park(ctx, order, "price_moved", `The supplier now charges ${preview.total} ${currency} (minor units); the buyer paid ${order.retailAmount} ${order.currency}.`, {
      quotedCostMinor: order.costAmount,
      costMinor: preview.total,
      paidMinor: order.retailAmount,
    });
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
  const sending: Placement = { state: "sending", sentAt: ctx.now.toISOString(), body: body as Record<string, unknown>, attempts };
  order = await savePlacement(ctx, order, sending);
  return sendCreate(ctx, order, body, sending);
}

/** Re-sends the recorded create with the same idempotency key: that is the lookup. */
async function reconcileCommerceOrder(ctx: PlacementContext, order: Order, placement: Placement): Promise<Order | null> {
  if (ctx.now.getTime() - Date.parse(placement.sentAt) > REPLAY_WINDOW_MS || !placement.body) {
    return park(ctx, order, "stale_attempt", "The create was sent too long ago to be confirmed by re-sending it: check the supplier's order list.");
  }
  const body = placement.body as OrderRequestBody;
  await recordEvent(ctx.db, {
    orderId: order.id,
    type: "reconcile",
    source: ctx.source,
    actor: ctx.actor,
    message: "Outcome of the create unknown: re-sending it with the same idempotency key (the supplier answers the original order, no second charge).",
  });
  // PRO accounts preview before create; a failing preview (e.g. an expired eSIM token) does not
  // stop the re-send, which the upstream answers from its idempotency store.
  await ctx.clients.commerce.previewOrder(body).catch(() => undefined);
  const resending: Placement = { ...placement, attempts: placement.attempts + 1 };
  return sendCreate(ctx, order, body, resending, true);
}

async function sendCreate(ctx: PlacementContext, order: Order, body: OrderRequestBody, placement: Placement, reconciling = false): Promise<Order | null> {
  let created: CreateOrderResult;
  try {
    created = await ctx.clients.commerce.createOrder(body, { idempotencyKey: order.idempotencyKey });
  } catch (error) {
    return onError(ctx, order, "create", error, placement, reconciling);
  }
  if (!created.order_id) {
    return park(ctx, order, "setup", `The supplier answered without an order id (status ${created.status}): is the account set to payment links?`);
  }

  const answered: Placement = { ...placement, state: "answered" };
  const placing = unlessIdTaken(transition(ctx.db, {
    orderId: order.id,
    from: "placing",
    to: "placed",
    source: ctx.source,
    actor: ctx.actor,
    message: created.replayed ? `Found with the supplier by its idempotency key: ${created.order_id}` : `Placed with the supplier: ${created.order_id}`,
    data: { upstreamOrderId: created.order_id, upstreamStatus: created.status, replayed: created.replayed },
    patch: {
      upstreamOrderId: created.order_id,
      upstreamStatus: created.status,
      costAmount: created.credits_used ?? created.total ?? order.costAmount,
      costCurrency: (created.currency ?? "EUR").toUpperCase(),
      placedAt: new Date(),
      pollAttempts: 0,
      nextPollAt: after(ctx.now, commercePollDelayMs(0)),
      statusReason: null,
      detail: withPlacement(order.detail, answered) as Prisma.InputJsonValue,
    },
  }));
  const placed = await placing.catch((error: unknown) => {
    // The upstream order exists and credits are spent: if the order cannot be written, the log keeps its id.
    logger.error({ orderId: order.id, upstreamOrderId: created.order_id, err: error instanceof Error ? error.message : String(error) }, "commerce create answered, but the order could not be updated");
    throw error;
  });
  if (placed === ID_CONFLICT) return parkIdConflict(ctx, order, created.order_id, answered);
  // Not placing any more (the lease was lost during a long create): the id is still recorded.
  if (!placed) return recordLateAnswer(ctx, order, created.order_id, answered);

  // A create answer that is already final (fulfilled at once, failed …) moves straight on.
  const mapped = mapCommerceStatus(created.status, "credits");
  if (mapped.status === "placed") return placed;
  const applied = await applyMapped(ctx.db, placed, { mapped, raw: created.status, source: ctx.source, actor: ctx.actor, now: ctx.now });
  return applied.order;
}

async function onError(ctx: PlacementContext, order: Order, step: "preview" | "create", error: unknown, placement: Placement, reconciling = false): Promise<Order | null> {
  logPlacementError(order, step, error);
  const data = { step, ...(errorData(error) as object) };
  switch (classify(error)) {
    case "unknown":
      return retryLater(ctx, order, "The supplier's answer was lost: the order will be looked up by re-sending it with the same idempotency key.", { ...placement, state: "unknown" }, isUpstreamError(error) ? error : undefined);
    case "retry": {
      // Nothing reached the upstream this time; an earlier lost create stays unknown.
      const state = step === "create" && !reconciling ? "not_sent" : placement.state;
      return retryLater(ctx, order, `The supplier could not be reached (${step}); trying again shortly.`, { ...placement, state }, isUpstreamError(error) ? error : undefined);
    }
    case "insufficient_credits":
      // A refused create is not remembered upstream: the same key may be sent again later.
      return park(ctx, order, "insufficient_credits", "INSUFFICIENT_CREDITS: the supplier balance does not cover this order. Top up the balance; the order resumes by itself.", data, { ...placement, state: "not_sent" });
    case "setup":
      return park(ctx, order, "setup", `The supplier refused the shop's credentials or configuration (${isUpstreamError(error) ? error.canonicalCode : "error"}).`, data);
    case "idempotency_conflict":
      return park(ctx, order, "idempotency_conflict", "IDEMPOTENCY_KEY_REUSED: an order with this key exists upstream with another body. Check the supplier's order list.", data);
    case "refused":
      return fail(ctx, order, isUpstreamError(error) ? `The supplier refused the order: ${error.userMessage}` : "The supplier refused the order.", data);
  }
}
