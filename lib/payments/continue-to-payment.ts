import "server-only";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { PaymentError } from "./types";
import { beginPayment } from "./begin-payment";
import { type Claimant, mayResume, type ResumableOrder } from "@/lib/orders/submitter";

export type OrderToPay = ResumableOrder;

/**
 * The end of every "Pay" server action: sends the buyer to the checkout of the order their
 * submission made (an order that no longer awaits payment — the other tab paid — comes back
 * as its order page). Returns an error only when the order is someone else's: another
 * account's, or a guest order made in another browser (./submitter.ts, `mayResume`).
 */
export async function continueToPayment(
  order: OrderToPay,
  claimant: Claimant,
  startAgainMessage: string,
): Promise<{ error: string }> {
  // Never hand over, nor name, an order this browser (or account) did not make.
  if (!mayResume(order, claimant)) return { error: startAgainMessage };
  let redirectUrl: string;
  try {
    redirectUrl = await beginPayment(db, order);
  } catch (error) {
    // The order exists: its page offers "Pay now" again.
    if (!(error instanceof PaymentError))
      logger.warn({ err: error, orderId: order.id }, "checkout could not be started");
    return redirectInLanguage(`/orders/${order.ref}`);
  }
  return redirectInLanguage(redirectUrl);
}
