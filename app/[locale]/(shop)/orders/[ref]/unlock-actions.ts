"use server";

import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import type { UnlockCancelState } from "@/components/shop/orders/unlock-cancel";
import { getCurrentUser } from "@/lib/auth/guards";
import { logger } from "@/lib/log";
import { cancelUnlockOrder, checkUnlockNow } from "@/lib/fulfilment/unlock-actions";
import type { CheckNowState } from "@/components/shop/orders/unlock-check-now";

/**
 * "Cancel this unlock" on the order page. The buyer's access is checked by cancelUnlockOrder
 * (an account's order only for that account; a guest order for whoever has the link), which
 * asks the supplier and records the request as the buyer's.
 */
export async function cancelUnlockAction(ref: string, _state: UnlockCancelState, _form: FormData): Promise<UnlockCancelState> {
  expectActionInput(isText(ref, 200) && isForm(_form));
  const user = await getCurrentUser();
  try {
    const result = await cancelUnlockOrder(ref, { source: "buyer", userId: user?.id ?? null });
    revalidatePath(`/orders/${ref}`);
    if (result.ok) return { ok: true, message: "Your unlock order is cancelled. Your payment is being refunded." };
    return { ok: false, message: result.message };
  } catch (error) {
    logger.error({ err: error }, "unlock cancel failed");
    return { ok: false, message: "We could not cancel the order just now. Please try again in a moment." };
  }
}

/** "Check now" on the order page: the supplier's status at once, limited per order. */
export async function checkUnlockNowAction(ref: string, _state: CheckNowState, _form: FormData): Promise<CheckNowState> {
  expectActionInput(isText(ref, 200) && isForm(_form));
  const user = await getCurrentUser();
  try {
    const result = await checkUnlockNow(ref, { source: "buyer", userId: user?.id ?? null });
    revalidatePath(`/orders/${ref}`);
    if (!result.ok) return { refused: true, message: result.message };
    return { message: result.status === "fulfilled" ? "Your unlock code is ready." : "Checked just now: no change yet. This page updates by itself." };
  } catch (error) {
    logger.error({ err: error }, "unlock check now failed");
    return { refused: true, message: "We could not check just now. Please try again in a moment." };
  }
}
