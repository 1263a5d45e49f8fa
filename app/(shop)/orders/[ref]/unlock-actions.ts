"use server";

import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import type { UnlockCancelState } from "@/components/shop/orders/unlock-cancel";
import { getCurrentUser } from "@/lib/auth/guards";
import { logger } from "@/lib/log";
import { cancelUnlockOrder } from "@/lib/fulfilment/unlock-actions";

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
