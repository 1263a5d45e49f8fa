"use server";

import { getTranslations } from "next-intl/server";
import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import type { UnlockCancelState } from "@/components/shop/orders/unlock-cancel";
import { getCurrentUser } from "@/lib/auth/guards";
import { logger } from "@/lib/log";
import { cancelUnlockOrder, checkUnlockNow, type UnlockActionRefusal } from "@/lib/fulfilment/unlock-actions";
import type { CheckNowState } from "@/components/shop/orders/unlock-check-now";

/** The refusals a buyer can meet, with their words in the catalogs ("DeliveryUnlock.refusals"). */
const REFUSALS = [
  "ORDER_NOT_FOUND",
  "NOT_AN_UNLOCK_ORDER",
  "NOT_PLACED_YET",
  "OTHER_CONNECTION",
  "CODE_READY",
  "ORDER_FINAL",
  "NOT_CANCELLABLE",
  "NOT_CANCELLED",
  "CANCEL_WINDOW_PASSED",
  "CANCEL_REFUSED",
  "UPSTREAM_REFUSED",
  "UPSTREAM_UNAVAILABLE",
  "TOO_MANY_REQUESTS",
] as const;
type RefusalCode = (typeof REFUSALS)[number];
const isRefusalCode = (code: string): code is RefusalCode => (REFUSALS as readonly string[]).includes(code);

/**
 * A refusal of lib/fulfilment/unlock-actions.ts in the buyer's language, by its code (its
 * `message` is English, for staff and the timeline); an unknown code keeps that message.
 */
async function refusalText(
  refusal: UnlockActionRefusal & { retryAfterSeconds?: number },
  action: "cancel" | "check",
): Promise<string> {
  const t = await getTranslations("DeliveryUnlock");
  if (action === "cancel" && refusal.code === "UPSTREAM_UNAVAILABLE") return t("cancelUnreachable");
  if (!isRefusalCode(refusal.code)) return refusal.message;
  return t(`refusals.${refusal.code}`, { seconds: refusal.retryAfterSeconds ?? 1, ...refusal.args });
}

/**
 * "Cancel this unlock" on the order page. The buyer's access is checked by cancelUnlockOrder
 * (an account's order only for that account; a guest order for whoever has the link), which
 * asks the supplier and records the request as the buyer's.
 */
export async function cancelUnlockAction(
  ref: string,
  _state: UnlockCancelState,
  _form: FormData,
): Promise<UnlockCancelState> {
  expectActionInput(isText(ref, 200) && isForm(_form));
  const user = await getCurrentUser();
  const t = await getTranslations("DeliveryUnlock");
  try {
    const result = await cancelUnlockOrder(ref, { source: "buyer", userId: user?.id ?? null });
    revalidatePath(`/orders/${ref}`);
    if (result.ok) return { ok: true, message: t("cancelled") };
    return { ok: false, message: await refusalText(result, "cancel") };
  } catch (error) {
    logger.error({ err: error }, "unlock cancel failed");
    return { ok: false, message: t("cancelFailed") };
  }
}

/** "Check now" on the order page: the supplier's status at once, limited per order. */
export async function checkUnlockNowAction(
  ref: string,
  _state: CheckNowState,
  _form: FormData,
): Promise<CheckNowState> {
  expectActionInput(isText(ref, 200) && isForm(_form));
  const user = await getCurrentUser();
  const t = await getTranslations("DeliveryUnlock");
  try {
    const result = await checkUnlockNow(ref, { source: "buyer", userId: user?.id ?? null });
    revalidatePath(`/orders/${ref}`);
    if (!result.ok) return { refused: true, message: await refusalText(result, "check") };
    return { message: result.status === "fulfilled" ? t("codeReady") : t("noChange") };
  } catch (error) {
    logger.error({ err: error }, "unlock check now failed");
    return { refused: true, message: t("checkFailed") };
  }
}
