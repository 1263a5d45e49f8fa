import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { openFulfillmentForWrite, sealFulfillment } from "@/lib/orders/sealed-fulfillment";
import { resolveClients } from "@/lib/orders/clients";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import { maskIccid, mayAskSupplier, readIccid, readStoredUsage, usageFromLine, type EsimUsage } from "./usage";

// Remaining data of a fulfilled eSIM order, asked from the supplier's lines endpoint at most
// once per five minutes per order, across reloads and app instances: the time of the last
// question is stored on the order (fulfillment.usageAskedAt) and claimed with a compare-and-set
// on `updatedAt` before the request, so of many simultaneous page views one asks and the rest
// show what is stored. The answer is merged into the order's fulfillment (only the balance
// fields: the supplier's order updates keep writing the rest).

export type RemainingData = {
  usage: EsimUsage | null;
  /** This call asked the supplier. */
  asked: boolean;
  /** The supplier could not be asked or did not answer: what is shown may be old. */
  failed: boolean;
};

export type RemainingDataOptions = { commerce?: CommerceClient; now?: () => Date };

const MAX_ATTEMPTS = 5;

export async function remainingData(
  db: DbClient,
  orderId: string,
  options: RemainingDataOptions = {},
): Promise<RemainingData> {
  const now = options.now ?? (() => new Date());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const order = await db.order.findUnique({
      where: { id: orderId },
      select: { productType: true, status: true, fulfillment: true, updatedAt: true },
    });
    if (!order || order.productType !== "esim") return { usage: null, asked: false, failed: false };
    const stored = readStoredUsage(order.fulfillment);
    const iccid = readIccid(order.fulfillment);
    const askedAt = now();
    if (order.status !== "fulfilled" || !iccid || !mayAskSupplier(order.fulfillment, askedAt.getTime()))
      return { usage: stored, asked: false, failed: false };

    // Claim the question; whoever loses re-reads and finds the gate shut.
    const claimed = await db.order.updateMany({
      where: { id: orderId, updatedAt: order.updatedAt },
      data: {
        fulfillment: sealFulfillment({
          ...openFulfillmentForWrite(order.fulfillment),
          usageAskedAt: askedAt.toISOString(),
        }),
      },
    });
    if (claimed.count === 0) continue;
    return ask(db, orderId, iccid, stored, options);
  }
  const order = await db.order.findUnique({ where: { id: orderId }, select: { fulfillment: true } });
  return { usage: readStoredUsage(order?.fulfillment), asked: false, failed: false };
}

async function ask(
  db: DbClient,
  orderId: string,
  iccid: string,
  stored: EsimUsage | null,
  options: RemainingDataOptions,
): Promise<RemainingData> {
  let update;
  try {
    const commerce = options.commerce ?? (await resolveClients()).commerce;
    update = usageFromLine(await commerce.getEsimLine(iccid));
  } catch (error) {
    logger.warn(
      { err: error, orderId, iccid: maskIccid(iccid) },
      "eSIM remaining data could not be read; showing the stored value",
    );
    return { usage: stored, asked: true, failed: true };
  }
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const order = await db.order.findUnique({ where: { id: orderId }, select: { fulfillment: true, updatedAt: true } });
    if (!order) break;
    // The LPA string and install URLs stay sealed (lib/orders/sealed-fulfillment.ts).
    const fulfillment = { ...openFulfillmentForWrite(order.fulfillment), ...update };
    const written = await db.order.updateMany({
      where: { id: orderId, updatedAt: order.updatedAt },
      data: { fulfillment: sealFulfillment(fulfillment) },
    });
    if (written.count === 1) return { usage: readStoredUsage(fulfillment), asked: true, failed: false };
  }
  logger.warn({ orderId, iccid: maskIccid(iccid) }, "eSIM remaining data read but not stored: the order kept changing");
  return { usage: readStoredUsage({ ...update }), asked: true, failed: false };
}
