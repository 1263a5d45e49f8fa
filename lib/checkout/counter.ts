import type { CurrentUser } from "@/lib/auth/guards";
import { recordAudit } from "@/lib/audit/record";
import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { checkout, ORDER_NOT_CREATED, type CheckoutFailure, type PriceSale } from "./checkout";
import { RESUMABLE_SELECT } from "@/lib/orders/submitter";
import { markPaidAtCounter } from "@/lib/payments/counter";
import type { AfterPaid } from "@/lib/payments/succeed";

// The point of sale's channel of the checkout (./checkout.ts): one local order per
// preview (its submission id makes a double click or a retry the same order), paid at the
// counter by the staff member, which hands it to placement like any paid order. The order is
// the walk-in buyer's (no account); the staff member is on the payment, the order's events
// and the audit log. Upstream credits are always used.

export type CounterSaleInput = {
  staff: Pick<CurrentUser, "id" | "email">;
  /** What is sold: a product that is off is refused before its step asks the upstream. */
  product: ProductType;
  /** The product's checkout step for what staff chose (lib/admin/pos/sale.ts saleOf). */
  price: PriceSale;
  /** The preview's id, made by the staff member's browser. */
  submissionId: string;
  customerEmail: string;
  /** The total the preview showed (lib/admin/pos/sale.ts previewOf). */
  expectedTotalMinor: number;
  afterPaid?: AfterPaid;
};

export type CounterSaleResult = { ok: true; order: Pick<Order, "id" | "ref" | "status"> } | CheckoutFailure;

const START_AGAIN = "This preview is out of date. Please preview the sale again.";
export const COUNTER_UNAVAILABLE =
  "This product is switched off or cannot be delivered right now (Admin → Upstream connection). Nothing was sold.";

export async function placeCounterSale(db: DbClient, input: CounterSaleInput): Promise<CounterSaleResult> {
  const existing = await db.order.findUnique({ where: { submissionId: input.submissionId }, select: RESUMABLE_SELECT });
  const made = await checkout(db, {
    productType: input.product,
    submission: { submissionId: input.submissionId, submitterHash: null, existing },
    customerEmail: input.customerEmail,
    userId: null,
    expectedTotalMinor: input.expectedTotalMinor,
    price: input.price,
    context: { mode: "credits" },
    channelDetail: { checkoutMode: "credits", counterSale: { staffId: input.staff.id } },
    messages: {
      startAgain: START_AGAIN,
      priceChanged: "The price changed since the preview. Check the new preview and place the sale again.",
      failed: ORDER_NOT_CREATED,
      unavailable: COUNTER_UNAVAILABLE,
      what: "point of sale: sale",
    },
  });
  if (!made.ok) return made;
  const order = made.order;
  // A sale made but not yet paid (the first click stopped in between) is paid now; one
  // counter payment per order at most (lib/payments/counter.ts).
  if (order.status === "awaiting_payment") {
    const paid = await markPaidAtCounter(db, order.id, { staffUserId: input.staff.id, afterPaid: input.afterPaid });
    if (paid.outcome === "paid") {
      const row = await db.order.findUniqueOrThrow({
        where: { id: order.id },
        select: { ref: true, productType: true, retailAmount: true, currency: true },
      });
      await recordAudit(
        {
          actor: input.staff,
          action: "pos.sale",
          targetType: "order",
          targetId: order.id,
          after: { ref: row.ref, productType: row.productType, totalMinor: row.retailAmount, currency: row.currency },
        },
        db,
      );
    }
  }
  const current = await db.order.findUniqueOrThrow({
    where: { id: order.id },
    select: { id: true, ref: true, status: true },
  });
  if (current.status === "cancelled")
    return { ok: false, error: "This order can no longer be paid. Please start a new sale." };
  return { ok: true, order: current };
}
