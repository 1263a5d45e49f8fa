import "server-only";
import { recordAudit } from "@/lib/audit/record";
import type { CurrentUser } from "@/lib/auth/guards";
import type { DbClient } from "@/lib/db";
import { deliverQueuedMail, resendMail, sendMail } from "@/lib/mail/delivery";
import { appMailer } from "@/lib/mail/app-mailer";
import { queueDeliveryMail } from "@/lib/mail/delivery-mail";
import { renderMail } from "@/lib/mail/layout";
import { orderMailContent } from "@/lib/mail/order-mails";
import { logger } from "@/lib/log";
import { applyCommerceOrder, applyUnlockStatus } from "@/lib/orders/apply-upstream";
import { resumeOrder } from "@/lib/orders/placement";
import { checkOrderConnection, OTHER_CONNECTION_NOTE } from "@/lib/orders/connections";
import { appClients } from "@/lib/orders/clients";
import { placementUnclear } from "@/lib/orders/detail";
import { cancelUnlockOrder, fetchUnlockInstructions, forceUnlockNowait } from "@/lib/fulfilment/unlock-actions";
import type { MailOutbox, Order } from "@/lib/db/generated/sqlite/client";
import { openFulfillment, SECRET_FULFILLMENT_FIELDS } from "@/lib/orders/sealed-fulfillment";
import { PaymentError, refundPayment } from "@/lib/payments";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { PRODUCT_VIEWS } from "@/lib/products/views";
import { isUpstreamError } from "@/lib/upstream/errors";

// What staff can do to an order from its detail page. Each function checks that the order is
// in a state where the action makes sense, does it through the order core (never by writing
// statuses itself), and records an audit entry. Actions that talk to an upstream cannot share
// a database transaction with an HTTP call: their audit entry is written right after, with
// the order's status before and after. Results are safe to show staff.

export type ActionResult = { ok: true; message: string } | { ok: false; code: string; message: string };

type Actor = Pick<CurrentUser, "id" | "email">;

async function findOrder(db: DbClient, orderId: string) {
  return db.order.findUnique({ where: { id: orderId } });
}

function snapshot(order: { status: string; upstreamStatus: string | null } | null) {
  return order ? { status: order.status, upstreamStatus: order.upstreamStatus } : null;
}

const NOT_FOUND: ActionResult = { ok: false, code: "ORDER_NOT_FOUND", message: "That order does not exist." };

function upstreamFailure(error: unknown): ActionResult {
  if (isUpstreamError(error))
    return {
      ok: false,
      code: "UPSTREAM_ERROR",
      message: `The supplier did not answer as expected (${error.canonicalCode}). Nothing changed; try again later.`,
    };
  throw error;
}

/** Reads the order's status at the upstream now and applies it (as a poll or webhook would). */
export async function refreshFromUpstream(db: DbClient, orderId: string, actor: Actor): Promise<ActionResult> {
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  if (!order.upstreamOrderId)
    return {
      ok: false,
      code: "NOT_PLACED",
      message: "This order has no supplier order yet, so there is nothing to refresh.",
    };
  // The API the product's status is read from, as the worker reads it (lib/orders/poll.ts).
  const polling = PRODUCT_MODULES[order.productType].polling;
  if (!polling)
    return {
      ok: false,
      code: "NOT_REFRESHABLE",
      message: "This product is answered when it is placed; there is no supplier status to refresh.",
    };
  try {
    const clients = await appClients();
    const connection = await checkOrderConnection(
      db,
      polling.api === "commerce" ? clients.commerce : clients.unlock,
      order,
    );
    if (!connection.current) return { ok: false, code: "OTHER_CONNECTION", message: OTHER_CONNECTION_NOTE };
    if (polling.api === "commerce") {
      await applyCommerceOrder(db, await clients.commerce.getOrder(order.upstreamOrderId), {
        source: "staff",
        actor: actor.id,
        connectionId: connection.connectionId,
      });
    } else {
      const status = await clients.unlock.checkOrderStatus(Number(order.upstreamOrderId));
      await applyUnlockStatus(db, order.id, status, { source: "staff", actor: actor.id, unlock: clients.unlock });
    }
  } catch (error) {
    return upstreamFailure(error);
  }
  const after = await findOrder(db, orderId);
  await recordAudit({
    actor,
    action: "order.refresh",
    targetType: "order",
    targetId: order.id,
    before: snapshot(order),
    after: snapshot(after),
  });
  return {
    ok: true,
    message: after?.upstreamStatus
      ? `Refreshed: the supplier says "${after.upstreamStatus}".`
      : "Refreshed from the supplier.",
  };
}

/**
 * Places a `needs_attention` order that never reached the upstream again. For an order whose
 * earlier create may have been sent (unlocking API: it cannot be looked up; commerce: the
 * lookup found nothing sure, and the documents define no idempotency key), the staff member's
 * click is the answer the API cannot give: the dialog asks them to check the supplier's control
 * panel first, and the earlier attempt is recorded as never sent (resumeOrder).
 */
export async function retryPlacement(db: DbClient, orderId: string, actor: Actor): Promise<ActionResult> {
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  if (order.status !== "needs_attention")
    return {
      ok: false,
      code: "NOT_NEEDS_ATTENTION",
      message: "Only an order that needs attention can be placed again.",
    };
  if (order.upstreamOrderId)
    return {
      ok: false,
      code: "ALREADY_PLACED",
      message: "The supplier already has this order; refresh it instead of placing it again.",
    };
  let after;
  try {
    const unclear = placementUnclear(order.detail);
    const message = unclear
      ? `Placed again by ${actor.email}, who found no order or charge for it in the supplier's control panel: the earlier attempt is recorded as never sent`
      : `Placed again by ${actor.email}`;
    after = await resumeOrder(db, orderId, { source: "staff", actor: actor.id, message, supplierHasNone: true });
  } catch (error) {
    return upstreamFailure(error);
  }
  if (!after) return { ok: false, code: "CHANGED_MEANWHILE", message: "The order changed meanwhile; reload the page." };
  await recordAudit({
    actor,
    action: "order.retry_placement",
    targetType: "order",
    targetId: order.id,
    before: snapshot(order),
    after: snapshot(after),
  });
  return { ok: true, message: `Placement tried again: the order is now ${after.status.replace("_", " ")}.` };
}

/** Refunds the buyer's payment through its provider and marks the order refunded. */
export async function markRefunded(db: DbClient, orderId: string, actor: Actor, reason: string): Promise<ActionResult> {
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  try {
    const result = await refundPayment(db, orderId, { source: "staff", actor: actor.id, reason });
    if (result.outcome === "already_refunded")
      return { ok: false, code: "ALREADY_REFUNDED", message: "This order is already refunded." };
  } catch (error) {
    if (error instanceof PaymentError) return { ok: false, code: error.code.toUpperCase(), message: error.userMessage };
    throw error;
  }
  const after = await findOrder(db, orderId);
  await recordAudit({
    actor,
    action: "order.refund",
    targetType: "order",
    targetId: order.id,
    before: snapshot(order),
    after: { ...snapshot(after), reason },
  });
  return { ok: true, message: "Refunded: the order is marked refunded." };
}

/** Sends the receipt to the buyer's email again (through the mail outbox). */
export async function resendReceipt(db: DbClient, orderId: string, actor: Actor): Promise<ActionResult> {
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  const mail = renderMail(orderMailContent("receipt", order));
  const sent = await sendMail(db, { to: order.customerEmail, ...mail, kind: "receipt", orderId }, appMailer());
  await db.$transaction(async (tx) => {
    await tx.orderEvent.create({
      data: {
        orderId,
        type: "receipt_sent",
        source: "staff",
        actor: actor.id,
        message: `Receipt sent again to ${order.customerEmail}`,
        data: { mailId: sent.id },
      },
    });
    await recordAudit(
      {
        actor,
        action: "order.resend_receipt",
        targetType: "order",
        targetId: orderId,
        after: { mailId: sent.id, to: order.customerEmail },
      },
      tx,
    );
  });
  logger.info({ orderId, mailId: sent.id }, "receipt resent by staff");
  return { ok: true, message: `Receipt sent to ${order.customerEmail}.` };
}

/**
 * A sealed mail's content is gone once sent: a delivery mail is written afresh from the order
 * (the buyer lost it; the codes are still the order's); other sealed mail (a one-time link) is
 * not sent again.
 */
async function freshDeliveryMail(
  db: DbClient,
  orderId: string,
  mail: MailOutbox,
): Promise<MailOutbox | "SEALED" | null> {
  if (mail.kind !== "delivery") return "SEALED";
  return db.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: orderId } });
    if (!order || order.status !== "fulfilled") return "SEALED";
    return queueDeliveryMail(tx, order);
  });
}

/** Sends one of the order's mails again, as it was; a delivery mail, as the order now holds it. */
export async function resendOrderMail(
  db: DbClient,
  orderId: string,
  mailId: string,
  actor: Actor,
): Promise<ActionResult> {
  const mail = await db.mailOutbox.findUnique({ where: { id: mailId } });
  if (!mail || mail.orderId !== orderId)
    return { ok: false, code: "NOT_FOUND", message: "That mail is not one of this order's; reload the page." };
  const copy = mail.sealed ? await freshDeliveryMail(db, orderId, mail) : await resendMail(db, mailId);
  if (copy === "SEALED")
    return {
      ok: false,
      code: "SEALED",
      message: "This mail carried a one-time link or code and cannot be sent again.",
    };
  if (!copy) return { ok: false, code: "NOT_FOUND", message: "That mail is not one of this order's; reload the page." };
  await deliverQueuedMail(db, appMailer(), { ids: [copy.id] }).catch((error: unknown) =>
    logger.warn(
      { mailId: copy.id, err: error instanceof Error ? error.message : String(error) },
      "mail resent; its first attempt failed",
    ),
  );
  await db.$transaction(async (tx) => {
    await tx.orderEvent.create({
      data: {
        orderId,
        type: "mail_resent",
        source: "staff",
        actor: actor.id,
        message: `Mail "${mail.subject}" sent again to ${mail.to}`,
        data: { mailId: copy.id, copyOf: mail.id },
      },
    });
    await recordAudit(
      {
        actor,
        action: "order.resend_mail",
        targetType: "order",
        targetId: orderId,
        after: { mailId: copy.id, copyOf: mail.id, to: mail.to },
      },
      tx,
    );
  });
  const sent = await db.mailOutbox.findUnique({ where: { id: copy.id }, select: { status: true } });
  return {
    ok: true,
    message:
      sent?.status === "sent"
        ? `Sent again to ${mail.to}.`
        : `Queued again for ${mail.to}; the mail server did not take it yet, it is retried.`,
  };
}

export type RevealedSecrets =
  { ok: true; secrets: Array<[string, string]> } | { ok: false; code: string; message: string };

/**
 * The order's delivered secrets (a gift card code, an eSIM's activation code, unlock
 * instructions) for a staff member helping its buyer: shown only on request, and each reveal
 * audited with who and when (never the secret itself).
 */
export async function revealOrderSecrets(db: DbClient, orderId: string, actor: Actor): Promise<RevealedSecrets> {
  const order = await findOrder(db, orderId);
  if (!order) return { ok: false, code: "ORDER_NOT_FOUND", message: "That order does not exist." };
  const opened = openFulfillment(order.fulfillment);
  const secrets = SECRET_FULFILLMENT_FIELDS.flatMap((field): Array<[string, string]> => {
    const value = opened[field];
    return typeof value === "string" && value !== "" ? [[field, value]] : [];
  });
  if (secrets.length === 0)
    return { ok: false, code: "NOTHING_DELIVERED", message: "This order holds no delivered codes." };
  await recordAudit({
    actor,
    action: "order.reveal_secrets",
    targetType: "order",
    targetId: order.id,
    after: { fields: secrets.map(([field]) => field) },
  });
  return { ok: true, secrets };
}

type UnlockAction = typeof forceUnlockNowait;

/** Runs one of the unlock order core's staff actions and audits it with the status before and after. */
async function unlockAction(
  db: DbClient,
  orderId: string,
  actor: Actor,
  action: string,
  run: UnlockAction,
  done: (after: Order | null) => string,
): Promise<ActionResult> {
  const order = await findOrder(db, orderId);
  if (!order) return NOT_FOUND;
  if (!PRODUCT_VIEWS[order.productType].staff.unlockActions)
    return { ok: false, code: "NOT_AN_UNLOCK_ORDER", message: "This is not an unlock order." };
  const result = await run(order.ref, { source: "staff", userId: actor.id }, { db });
  const after = await findOrder(db, orderId);
  await recordAudit({
    actor,
    action,
    targetType: "order",
    targetId: order.id,
    before: snapshot(order),
    after: result.ok ? snapshot(after) : { ...snapshot(after), refused: result.code },
  });
  return result.ok ? { ok: true, message: done(after) } : result;
}

/** `force=nowait`: the supplier finishes the unlock now (code/instructions or not available). */
export async function forceNowait(db: DbClient, orderId: string, actor: Actor): Promise<ActionResult> {
  return unlockAction(
    db,
    orderId,
    actor,
    "order.unlock_nowait",
    forceUnlockNowait,
    (after) =>
      `Asked the supplier to finish now: the order is ${after?.status.replace("_", " ")}${after?.upstreamStatus ? ` (supplier: ${after.upstreamStatus})` : ""}.`,
  );
}

/** Cancels an unlock order inside the supplier's 10-minute window; the buyer is refunded. */
export async function cancelUnlock(db: DbClient, orderId: string, actor: Actor): Promise<ActionResult> {
  return unlockAction(
    db,
    orderId,
    actor,
    "order.unlock_cancel",
    cancelUnlockOrder,
    (after) => `Cancelled at the supplier: the order is ${after?.status.replace("_", " ")}.`,
  );
}

/** Reads the unlock instructions again from the supplier. */
export async function fetchInstructions(db: DbClient, orderId: string, actor: Actor): Promise<ActionResult> {
  return unlockAction(
    db,
    orderId,
    actor,
    "order.unlock_instructions",
    fetchUnlockInstructions,
    () => "Instructions read from the supplier and stored on the order.",
  );
}
