import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { ImeiCheckResult } from "@/lib/upstream/unlock/schemas";
import { unlockDetailSchema } from "@/lib/products/unlock/detail";
import { imeiCheckDetailSchema } from "@/lib/products/imeicheck/detail";
import { readPlacement, type Placement } from "./detail";
import { transition } from "./lifecycle";
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
import { after, unlockFirstPollDelayMs } from "./schedule";

// Placing a paid unlock order or IMEI check with the shop's unlock credits. Both calls are
// "once": the unlocking API has no way to find an order without its ticket id (no list, no
// client reference; lib/upstream/unlock/README.md), so an unclear outcome cannot be looked
// up. Such an order waits for staff (needs_attention), who check the upstream's control panel.

export async function placeUnlockOrder(ctx: PlacementContext, order: Order): Promise<Order | null> {
  const previous = readPlacement(order.detail);
  if (previous && (previous.state === "sending" || previous.state === "unknown")) {
    return park(
      ctx,
      order,
      "unknown_outcome",
      "An unlock create_order may have reached the supplier, whose answer was lost; the unlocking API cannot look it up: check its control panel and credit movements.",
    );
  }
  const parsed = unlockDetailSchema.safeParse(order.detail);
  if (!parsed.success)
    return park(ctx, order, "bad_detail", `Order detail unreadable: ${parsed.error.issues[0]?.message}`);
  const detail = parsed.data;

  // The polling schedule follows the tool's guaranteed time; the order form stores it, an
  // older order learns it from the tool list (best effort: "hours" otherwise).
  let timeType = detail.guaranteedTimeType;
  if (!timeType) {
    const tools = await ctx.clients.unlock.tools(detail.deviceId, detail.networkId).catch(() => []);
    timeType = tools.find((tool) => tool.id === detail.toolId)?.guaranteedTime.type ?? "hours";
    order = { ...order, detail: { ...(order.detail as object), guaranteedTimeType: timeType } };
  }

  const placement: Placement = {
    state: "sending",
    sentAt: ctx.now.toISOString(),
    attempts: (previous?.attempts ?? 0) + 1,
  };
  order = await savePlacement(ctx, order, placement);
  let ticketId: number;
  try {
    ({ ticketId } = await ctx.clients.unlock.createOrder({
      deviceId: detail.deviceId,
      networkId: detail.networkId,
      imei: detail.imei,
      suffixes: detail.suffixes,
      toolId: detail.toolId,
    }));
  } catch (error) {
    return onUnlockError(ctx, order, error, placement, "create_order");
  }
  const placing = unlessIdTaken(
    transition(ctx.db, {
      orderId: order.id,
      from: "placing",
      to: "placed",
      source: ctx.source,
      actor: ctx.actor,
      message: `Placed with the supplier: ticket ${ticketId}`,
      data: { upstreamOrderId: String(ticketId) },
      patch: {
        upstreamOrderId: String(ticketId),
        upstreamStatus: "open",
        placedAt: new Date(),
        pollAttempts: 0,
        nextPollAt: after(ctx.now, unlockFirstPollDelayMs(timeType)),
        statusReason: null,
        detail: withPlacement(order.detail, { ...placement, state: "answered" }),
      },
    }),
  );
  const placed = await placing.catch((error: unknown) => {
    // The ticket exists and credits are spent: if the order cannot be written, the log keeps it.
    logger.error(
      {
        orderId: order.id,
        upstreamOrderId: String(ticketId),
        err: error instanceof Error ? error.message : String(error),
      },
      "unlock create answered, but the order could not be updated",
    );
    throw error;
  });
  if (placed === ID_CONFLICT) return parkIdConflict(ctx, order, String(ticketId), placement);
  // Not placing any more (the lease was lost during a long create): the ticket is still recorded.
  return placed ?? recordLateAnswer(ctx, order, String(ticketId), placement);
}

/** The IMEI check answers at once: the report is the fulfillment. */
export async function placeImeiCheck(ctx: PlacementContext, order: Order): Promise<Order | null> {
  const previous = readPlacement(order.detail);
  if (previous && (previous.state === "sending" || previous.state === "unknown")) {
    return park(
      ctx,
      order,
      "unknown_outcome",
      "An IMEI check may have been charged, and its answer was lost: check the supplier's credit movements, then run it again or refund.",
    );
  }
  const parsed = imeiCheckDetailSchema.safeParse(order.detail);
  if (!parsed.success)
    return park(ctx, order, "bad_detail", `Order detail unreadable: ${parsed.error.issues[0]?.message}`);

  const placement: Placement = {
    state: "sending",
    sentAt: ctx.now.toISOString(),
    attempts: (previous?.attempts ?? 0) + 1,
  };
  order = await savePlacement(ctx, order, placement);
  let result: ImeiCheckResult;
  try {
    result = await ctx.clients.unlock.imeiCheck(parsed.data.imei, { fullReport: parsed.data.report === "full" });
  } catch (error) {
    return onUnlockError(ctx, order, error, placement, "imeicheck");
  }

  const fulfillment = { imeiCheck: result } as unknown as Prisma.InputJsonValue;
  const detail = withPlacement(order.detail, { ...placement, state: "answered" });
  if (!result.report) {
    // Not recognised, or this device's report is sold separately (its order page offers the full
    // report at the shop's price): the buyer did not get what they paid for (and the upstream
    // charged nothing), so the order fails and is refunded.
    const reason =
      result.errors.length > 0
        ? "The IMEI was not recognised by the checking service."
        : parsed.data.report === "full"
          ? "The full report could not be bought for this device."
          : "This device's blacklist report is sold separately (the full report), so this check is refunded.";
    return fail(
      ctx,
      order,
      reason,
      { errors: result.errors.map((e) => e.code), payment: result.payment.type },
      { fulfillment, detail, upstreamStatus: result.errors.length > 0 ? "error" : "paid_report_only" },
    );
  }
  return transition(ctx.db, {
    orderId: order.id,
    from: "placing",
    to: "fulfilled",
    source: ctx.source,
    actor: ctx.actor,
    message: "IMEI report received",
    patch: {
      upstreamStatus: "report",
      fulfillment,
      fulfilledAt: new Date(),
      placedAt: new Date(),
      nextPollAt: null,
      statusReason: null,
      detail,
    },
  });
}

async function onUnlockError(
  ctx: PlacementContext,
  order: Order,
  error: unknown,
  placement: Placement,
  step: string,
): Promise<Order | null> {
  logPlacementError(order, step, error);
  const data = { step, ...(errorData(error) as object) };
  const upstream = isUpstreamError(error) ? error : undefined;
  switch (classify(error)) {
    case "unknown":
    case "idempotency_conflict":
      return park(
        ctx,
        order,
        "unknown_outcome",
        "The supplier's answer was lost after sending; the unlocking API cannot look the order up: check its control panel and credit movements.",
        data,
        { ...placement, state: "unknown" },
      );
    case "retry":
      return retryLater(
        ctx,
        order,
        `The supplier could not be reached (${step}); trying again shortly.`,
        { ...placement, state: "not_sent" },
        upstream,
      );
    case "insufficient_credits":
      return park(
        ctx,
        order,
        "insufficient_credits",
        "The unlock credit balance does not cover this order. Top up the unlock credits, then resume the order.",
        data,
        { ...placement, state: "not_sent" },
      );
    case "setup":
      return park(
        ctx,
        order,
        "setup",
        `The supplier refused the shop's credentials or configuration (${upstream?.canonicalCode ?? "error"}).`,
        data,
        { ...placement, state: "not_sent" },
      );
    case "refused":
      return fail(
        ctx,
        order,
        upstream ? `The supplier refused the order: ${upstream.userMessage}` : "The supplier refused the order.",
        { ...data, message: upstream?.message ?? null },
        {
          detail: withPlacement(order.detail, { ...placement, state: "answered" }),
        },
      );
  }
}
