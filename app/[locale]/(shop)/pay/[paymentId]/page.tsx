import type { Metadata } from "next";
import { FlaskConical } from "lucide-react";
import { notFound, redirect } from "next/navigation";
import { retryPaymentAction, sandboxOutcomeAction } from "./actions";
import { loadSandboxPayment } from "./access";
import { RetryPaymentForm, SandboxOutcomeForm } from "./sandbox-forms";
import { DetailRows } from "@/components/shop/orders/fulfillment-details";
import { buyerPricing } from "@/lib/orders/buyer-view";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { purchaseLines } from "@/lib/products/purchase-lines";
import { ProductIcon } from "@/components/shop/product-icon";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { formatMoney } from "@/lib/money";
import { currentPaymentProviderId, sandboxCheckoutUsable } from "@/lib/payments";
import { ORDER_STATUS_DISPLAY } from "@/lib/orders/presentation";
import { productName } from "@/lib/products";
import { enterLocale } from "@/lib/i18n/locale-param";

// The sandbox provider's checkout: the embedded default way to "pay" the shop, with no money
// involved. Pay succeeds, Decline acts as a declined card, and leaving abandons the attempt
// (it expires at its expiry time). Clearly labelled as a test on every view.

export const dynamic = "force-dynamic";

// The address is a capability link (like the order page): no indexing, no Referer.
export const metadata: Metadata = { title: "Test payment", robots: { index: false, follow: false }, referrer: "same-origin" };

export default async function SandboxPaymentPage({ params }: { params: Promise<{ locale: string; paymentId: string }> }) {
  await enterLocale(params);
  const { paymentId } = await params;
  const access = await loadSandboxPayment(paymentId);
  if (access.kind === "sign_in") redirect(`/account/sign-in?next=${encodeURIComponent(`/pay/${paymentId}`)}`);
  if (access.kind === "not_found") notFound();
  const { payment } = access;
  const { order } = payment;
  const orderPage = `/orders/${order.ref}`;
  if (payment.status === "succeeded" || payment.status === "refunded") redirect(orderPage);

  const product = productName(order.productType);
  const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
  const purchase = purchaseLines(order.productType, order.detail);
  const lapsed = payment.status === "expired" || (payment.status === "pending" && payment.expiresAt !== null && payment.expiresAt <= new Date());
  const orderOpen = order.status === "awaiting_payment";
  // A test checkout opened before the shop switched to Stripe cannot pay any more.
  const switched = !sandboxCheckoutUsable(payment.provider, currentPaymentProviderId());
  const view = !orderOpen ? "order_closed" : switched ? "provider_changed" : payment.status === "declined" ? "declined" : lapsed ? "expired" : "open";

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div role="note" className="flex items-start gap-3 rounded-xl border border-warn/40 bg-warn-soft px-4 py-3 text-sm" data-testid="sandbox-banner">
        <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-warn" />
        <p>
          <strong className="font-semibold">Test payment — no real money moves.</strong>{" "}
          <span className="text-muted">This is the shop&apos;s sandbox checkout: you choose what the card does.</span>
        </p>
      </div>

      <h1 className="mt-8 text-2xl font-bold tracking-tight">Pay for your order</h1>
      <p className="mt-1 text-sm text-muted">
        Total <span className="font-medium text-fg tabular-nums">{formatMoney(payment.amount, payment.currency)}</span>
      </p>

      <div className="mt-6 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card aria-labelledby="summary-heading">
          <div className="mb-3 flex items-center gap-2">
            <ProductIcon type={order.productType} className="size-5 shrink-0 text-brand" />
            <CardTitle id="summary-heading">{product}</CardTitle>
          </div>
          {purchase.length > 0 ? (
            <div className="mb-4">
              <DetailRows rows={purchase} />
            </div>
          ) : null}
          <PriceBreakdown pricing={pricing} amountLabel={order.productType === "topup" ? "Top-up amount" : "Amount"} />
        </Card>

        <Card aria-labelledby="card-heading" className="flex flex-col gap-4" data-testid="sandbox-checkout" data-view={view} data-payment-status={payment.status}>
          <CardTitle id="card-heading">Test card</CardTitle>
          {view === "open" ? (
            <>
              <div id="sandbox-outcomes" className="flex flex-col gap-1 text-sm text-muted">
                <p>
                  <strong className="font-medium text-fg">Pay</strong> completes the payment and sends your order to our supplier.
                </p>
                <p>
                  <strong className="font-medium text-fg">Decline</strong> answers as a declined card: nothing is charged, and you can try again.
                </p>
                <p>
                  <strong className="font-medium text-fg">Abandon</strong> leaves for the order page without paying
                  {payment.expiresAt ? (
                    <>
                      ; unpaid, this checkout expires at <LocalTime iso={payment.expiresAt.toISOString()} />
                    </>
                  ) : null}
                  .
                </p>
              </div>
              <SandboxOutcomeForm action={sandboxOutcomeAction.bind(null, payment.id)} />
            </>
          ) : view === "provider_changed" ? (
            <>
              <p role="status" className="rounded-lg bg-surface-muted px-3 py-2 text-sm font-medium" data-testid="sandbox-provider-changed">
                This test checkout is closed: the shop now takes card payments. Nothing was charged.
              </p>
              <p className="text-sm text-muted">Your order is still waiting for payment.</p>
              <RetryPaymentForm action={retryPaymentAction.bind(null, payment.id)} label="Pay by card" />
              <ButtonLink href={orderPage} variant="ghost" className="-ml-3 self-start">
                Back to the order
              </ButtonLink>
            </>
          ) : view === "declined" ? (
            <>
              <p role="status" className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
                Card declined (test). Nothing was charged.
              </p>
              <p className="text-sm text-muted">Your order is still waiting for payment.</p>
              <RetryPaymentForm action={retryPaymentAction.bind(null, payment.id)} label="Try again" />
              <ButtonLink href={orderPage} variant="ghost" className="-ml-3 self-start">
                Back to the order
              </ButtonLink>
            </>
          ) : view === "expired" ? (
            <>
              <p role="status" className="rounded-lg bg-surface-muted px-3 py-2 text-sm font-medium">
                This checkout expired without a payment. Nothing was charged.
              </p>
              <RetryPaymentForm action={retryPaymentAction.bind(null, payment.id)} label="Start a new payment" />
              <ButtonLink href={orderPage} variant="ghost" className="-ml-3 self-start">
                Back to the order
              </ButtonLink>
            </>
          ) : (
            <>
              <p role="status" className="rounded-lg bg-surface-muted px-3 py-2 text-sm font-medium">
                This order is {ORDER_STATUS_DISPLAY[order.status].label.toLowerCase()} and can no longer be paid.
              </p>
              <ButtonLink href={orderPage} variant="secondary" className="self-start">
                Go to the order
              </ButtonLink>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
