"use server";

import { getTranslations } from "next-intl/server";
import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import type { RevealState } from "@/components/shop/orders/giftcard-code";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { findViewableOrder } from "@/lib/orders/access";
import { readRedemption, recordCodeReveal } from "@/lib/products/giftcard/reveal";

/**
 * "Reveal code" on a gift card's order page. The code is never part of the page's HTML: it
 * leaves the server only here, in this action's answer, and only for whoever may view the
 * order (lib/orders/access.ts: the account that placed it, or anyone with a guest order's
 * link). The first reveal is recorded (time + timeline event); later ones answer that time.
 */
export async function revealGiftcardCodeAction(
  ref: string,
  _state: RevealState,
  _form: FormData,
): Promise<RevealState> {
  expectActionInput(isText(ref, 200) && isForm(_form));
  const user = await getCurrentUser();
  const order = await findViewableOrder(
    (r) =>
      db.order.findUnique({
        where: { ref: r },
        select: { id: true, userId: true, placedAsGuest: true, productType: true, status: true, fulfillment: true },
      }),
    ref,
    user?.id,
  );
  const t = await getTranslations("DeliveryGiftcard");
  if (!order || order.productType !== "giftcard") return { ok: false, error: t("notFound") };
  const redemption = order.status === "fulfilled" ? readRedemption(order.fulfillment) : null;
  if (!redemption) return { ok: false, error: t("notReady") };
  try {
    const reveal = await recordCodeReveal(db, order.id, { actor: user?.id ?? null });
    if (!reveal) return { ok: false, error: t("notFound") };
    // Never the supplier's redemption link: it is on the supplier's own host; the
    // brand's way to redeem is on the page, from the catalog.
    return { ok: true, code: redemption.code, revealedAt: reveal.revealedAt };
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, "gift card code reveal could not be recorded");
    return { ok: false, error: t("failed") };
  }
}
