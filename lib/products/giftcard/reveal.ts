import type { DbClient } from "@/lib/db/create-client";
import { openFulfillment, openFulfillmentForWrite, sealFulfillment } from "@/lib/orders/sealed-fulfillment";
import { readOpenedRedemption, readRevealedAt, type GiftcardRedemption } from "./redemption";

// A gift card's code is shown only when the buyer asks for it ("Reveal code" on the order
// page). The first reveal is recorded once: `fulfillment.codeRevealedAt` (ISO time) and an
// event "code_revealed" (source buyer) in the timeline, written together. The write is a
// compare-and-set on `updatedAt`, the same guard the order core's own fulfillment updates use
// (apply-mapped.ts), so two reveals at once record one time, and a supplier update racing the
// reveal re-reads and keeps it (mergeFulfillment keeps fields the supplier does not send).

export { readRevealedAt, type GiftcardRedemption } from "./redemption";

/** The code and redemption link stored for a fulfilled gift card (sealed or opened), or null when there is none. */
export function readRedemption(fulfillment: unknown): GiftcardRedemption | null {
  // Stored sealed; opening an already opened record changes nothing.
  return readOpenedRedemption(openFulfillment(fulfillment));
}

const MAX_ATTEMPTS = 5;

/**
 * Records the first reveal of an order's code and answers its time (the first one, also for
 * later reveals). `first` tells whether this call recorded it. Null: no such order.
 */
export async function recordCodeReveal(
  db: DbClient,
  orderId: string,
  options: { actor?: string | null; now?: Date } = {},
): Promise<{ revealedAt: string; first: boolean } | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const order = await db.order.findUnique({ where: { id: orderId }, select: { fulfillment: true, updatedAt: true } });
    if (!order) return null;
    const already = readRevealedAt(order.fulfillment);
    if (already) return { revealedAt: already, first: false };

    const revealedAt = (options.now ?? new Date()).toISOString();
    const written = await db.$transaction(async (tx) => {
      const result = await tx.order.updateMany({
        where: { id: orderId, updatedAt: order.updatedAt },
        // Re-sealed on the way (a row written before sealing is sealed here).
        data: {
          fulfillment: sealFulfillment({ ...openFulfillmentForWrite(order.fulfillment), codeRevealedAt: revealedAt }),
        },
      });
      if (result.count === 0) return false;
      // The code itself never goes into an event (docs/orders.md): only that it was revealed.
      await tx.orderEvent.create({
        data: {
          orderId,
          type: "code_revealed",
          source: "buyer",
          actor: options.actor ?? undefined,
          message: "Gift card code revealed",
        },
      });
      return true;
    });
    if (written) return { revealedAt, first: true };
  }
  throw new Error(`could not record the code reveal of order ${orderId}: the order kept changing`);
}
