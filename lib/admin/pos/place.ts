import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import type { CurrentUser } from "@/lib/auth/guards";
import { recordAudit } from "@/lib/audit/record";
import { createOrder } from "@/lib/orders/create";
import { markPaidAtCounter } from "@/lib/payments/counter";
import type { AfterPaid } from "@/lib/payments/succeed";
import type { PriceBreakdown } from "@/lib/pricing/retail";

// A counter sale: one local order (its submission id makes a double click the same order),
// paid at the counter by the staff member, which hands it to placement like any paid order.
// The order is the walk-in buyer's (no account); the staff member is on the payment, the
// order's events and the audit log. Upstream credits are always used (no hosted checkout for
// a buyer standing at the counter).

export type CounterSaleInput = {
  staff: Pick<CurrentUser, "id" | "email">;
  productType: "topup" | "esim" | "giftcard" | "unlock" | "imeicheck";
  submissionId: string;
  customerEmail: string;
  /** The price shown in the preview (lib/admin/pos/price-sale.ts). */
  pricing: PriceBreakdown;
  /** What placement and the order page read, as the storefront stores it for this product. */
  detail: Record<string, unknown>;
  afterPaid?: AfterPaid;
};

export type CounterSaleResult = { ok: true; order: Pick<Order, "id" | "ref" | "status"> } | { ok: false; error: string };

export async function placeCounterSale(db: DbClient, input: CounterSaleInput): Promise<CounterSaleResult> {
  const order = await createOrder(db, {
    productType: input.productType,
    submissionId: input.submissionId,
    customerEmail: input.customerEmail,
    userId: null,
    detail: { ...input.detail, checkoutMode: "credits", counterSale: { staffId: input.staff.id } } as Prisma.InputJsonValue,
    pricing: input.pricing,
    upstreamMode: "credits",
  });
  const paid = await markPaidAtCounter(db, order.id, { staffUserId: input.staff.id, afterPaid: input.afterPaid });
  if (paid.outcome === "not_payable") {
    const current = await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { id: true, ref: true, status: true } });
    // The same submission again after it was paid: the order it made, not an error.
    if (current.status !== "awaiting_payment" && current.status !== "cancelled") return { ok: true, order: current };
    return { ok: false, error: "This order can no longer be paid. Please start a new sale." };
  }
  if (paid.outcome === "paid") {
    await recordAudit({ actor: input.staff, action: "pos.sale", targetType: "order", targetId: order.id, after: { ref: order.ref, productType: order.productType, totalMinor: order.retailAmount, currency: order.currency } }, db);
  }
  const current = await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { id: true, ref: true, status: true } });
  return { ok: true, order: current };
}
