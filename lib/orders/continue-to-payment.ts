import "server-only";
import { redirect } from "next/navigation";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { PaymentError } from "@/lib/payments";
import { beginPayment } from "./begin-payment";

export type OrderToPay = { id: string; ref: string; userId: string | null; status: string; upstreamMode: string };

/**
 * The end of every "Pay" server action: sends the buyer to the checkout of the order their
 * submission made (an order that no longer awaits payment — the other tab paid — comes back
 * as its order page). Returns an error only when the order is someone else's.
 */
export async function continueToPayment(order: OrderToPay, viewerId: string | null, startAgainMessage: string): Promise<{ error: string }> {
  // Someone else's submission id (a shared review link): never hand over their order.
  if (order.userId !== null && order.userId !== viewerId) return { error: startAgainMessage };
  let redirectUrl: string;
  try {
    redirectUrl = await beginPayment(db, order);
  } catch (error) {
    // The order exists: its page offers "Pay now" again.
    if (!(error instanceof PaymentError)) logger.warn({ err: error, orderId: order.id }, "checkout could not be started");
    redirect(`/orders/${order.ref}`);
  }
  redirect(redirectUrl);
}
