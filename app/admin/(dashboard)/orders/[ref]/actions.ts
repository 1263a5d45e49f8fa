"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { RevealSecretsState } from "@/components/admin/orders/order-secrets";
import { staffAction, type AdminActionState } from "@/lib/admin/action";
import {
  cancelUnlock,
  fetchInstructions,
  forceNowait,
  markRefunded,
  refreshFromUpstream,
  resendOrderMail,
  resendReceipt,
  retryPlacement,
  revealOrderSecrets,
  type ActionResult,
} from "@/lib/admin/orders/staff-actions";
import { requireStaff, type CurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { formAction } from "@/lib/http/form-action";

const FROM = "/admin/orders";
const orderId = z.string("The form did not say which order; reload the page.").min(1).max(64);
const onOrder = z.object({ orderId });

/** A staff action on one order, answered with the service's message; the order's page is drawn again. */
function orderAction<Input extends { orderId: string }>(
  input: z.ZodType<Input>,
  act: (input: Input, actor: CurrentUser) => Promise<ActionResult>,
) {
  return staffAction<Input, AdminActionState>({ from: FROM, input }, async (parsed, actor) => {
    const result = await act(parsed, actor);
    const order = await db.order.findUnique({ where: { id: parsed.orderId }, select: { ref: true } });
    if (order) revalidatePath(`${FROM}/${order.ref}`);
    return { ok: result.ok, message: result.message };
  });
}

export const refreshOrderAction = orderAction(onOrder, ({ orderId }, actor) => refreshFromUpstream(db, orderId, actor));

export const retryPlacementAction = orderAction(onOrder, ({ orderId }, actor) => retryPlacement(db, orderId, actor));

const refund = z.object({
  orderId,
  reason: z
    .string("Say in a few words why (at least 3 characters).")
    .trim()
    .min(3, "Say in a few words why (at least 3 characters).")
    .max(300, "Use at most 300 characters."),
});

export const refundOrderAction = orderAction(refund, ({ orderId, reason }, actor) =>
  markRefunded(db, orderId, actor, reason),
);

export const resendReceiptAction = orderAction(onOrder, ({ orderId }, actor) => resendReceipt(db, orderId, actor));

const resendMail = z.object({
  orderId,
  mailId: z.string("The form did not say which mail; reload the page.").min(1).max(64),
});

export const resendMailAction = orderAction(resendMail, ({ orderId, mailId }, actor) =>
  resendOrderMail(db, orderId, mailId, actor),
);

export const unlockNowaitAction = orderAction(onOrder, ({ orderId }, actor) => forceNowait(db, orderId, actor));

export const unlockCancelAction = orderAction(onOrder, ({ orderId }, actor) => cancelUnlock(db, orderId, actor));

export const unlockInstructionsAction = orderAction(onOrder, ({ orderId }, actor) =>
  fetchInstructions(db, orderId, actor),
);

/** Shows the order's delivered codes to the staff member who asks; each reveal is audited. */
export const revealSecretsAction = formAction<CurrentUser, { orderId: string }, RevealSecretsState>(
  {
    auth: () => requireStaff("staff", FROM),
    input: onOrder,
    refuse: ({ message }) => ({ error: message }),
    what: "revealing an order's codes",
    fallback: "That did not work; the error is in the server log.",
  },
  async ({ orderId }, actor) => {
    const result = await revealOrderSecrets(db, orderId, actor);
    return result.ok ? { secrets: result.secrets } : { error: result.message };
  },
);
