import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { OrderActions, type StaffOrderActions } from "@/components/admin/orders/order-actions";
import { OrderFacts } from "@/components/admin/orders/order-facts";
import { OrderHistory } from "@/components/admin/orders/order-history";
import { OrderSecrets } from "@/components/admin/orders/order-secrets";
import { PageHeader } from "@/components/admin/shared/page-header";
import { loadOrderForStaff } from "@/lib/admin/orders/detail";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { orderRefSchema } from "@/lib/orders/access";
import {
  refreshOrderAction,
  refundOrderAction,
  resendMailAction,
  resendReceiptAction,
  retryPlacementAction,
  revealSecretsAction,
  unlockCancelAction,
  unlockInstructionsAction,
  unlockNowaitAction,
} from "./actions";

export const metadata: Metadata = { title: "Order" };

const ORDER_ACTIONS: StaffOrderActions = {
  refresh: refreshOrderAction,
  retryPlacement: retryPlacementAction,
  unlockNowait: unlockNowaitAction,
  unlockCancel: unlockCancelAction,
  unlockInstructions: unlockInstructionsAction,
  resendReceipt: resendReceiptAction,
  refund: refundOrderAction,
};

export default async function AdminOrderPage({ params }: { params: Promise<{ ref: string }> }) {
  const { ref } = await params;
  await requireStaff("staff", `/admin/orders/${encodeURIComponent(ref)}`);
  if (!orderRefSchema.safeParse(ref).success) notFound();
  const view = await loadOrderForStaff(db, ref);
  if (!view) notFound();
  const hasPayment = view.order.payments.some((p) => p.status === "succeeded");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/orders" className="text-muted underline-offset-4 hover:underline">
          ← All orders
        </Link>
      </p>
      <PageHeader title={`Order ${view.order.ref}`} description={view.order.customerEmail} />
      <div className="flex flex-col gap-6">
        <OrderActions order={view.order} hasPayment={hasPayment} now={new Date()} actions={ORDER_ACTIONS} />
        <OrderFacts view={view} />
        {view.secretFields.length > 0 ? (
          <OrderSecrets orderId={view.order.id} fields={view.secretFields} action={revealSecretsAction} />
        ) : null}
        <OrderHistory view={view} resendMail={resendMailAction} />
      </div>
    </>
  );
}
