import type { Metadata } from "next";
import { FlaskConical } from "lucide-react";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { retryPaymentAction, sandboxOutcomeAction } from "./actions";
import { loadSandboxPayment } from "./access";
import { RetryPaymentForm, SandboxOutcomeForm } from "./sandbox-forms";
import { ClientMessages } from "@/components/client-messages";
import { DetailRows } from "@/components/shop/orders/fulfillment-details";
import { buyerPricing } from "@/lib/orders/buyer-view";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { purchaseLines } from "@/lib/products/purchase-lines";
import { ProductIcon } from "@/components/shop/product-icon";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { moneyText } from "@/lib/i18n/formats";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { currentPaymentProviderId, sandboxCheckoutUsable } from "@/lib/payments";
import { orderStatusDisplay } from "@/lib/orders/presentation";
import { productName } from "@/lib/products/product-name";
import { PRODUCT_VIEWS } from "@/lib/products/views";
import { pageLocale } from "@/lib/i18n/locale-param";

// The sandbox provider's checkout: the embedded default way to "pay" the shop, with no money
// involved. Pay succeeds, Decline acts as a declined card, and leaving abandons the attempt
// (it expires at its expiry time). Clearly labelled as a test on every view.

export const dynamic = "force-dynamic";

// The address is a capability link (like the order page): no indexing, no Referer.
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Pay" });
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}

export default async function SandboxPaymentPage({
  params,
}: {
  params: Promise<{ locale: string; paymentId: string }>;
}) {
  const locale = await pageLocale(params);
  const { paymentId } = await params;
  const access = await loadSandboxPayment(paymentId);
  if (access.kind === "sign_in")
    return redirectInLanguage(`/account/sign-in?next=${encodeURIComponent(`/pay/${paymentId}`)}`);
  if (access.kind === "not_found") notFound();
  const { payment } = access;
  const { order } = payment;
  const orderPage = `/orders/${order.ref}`;
  if (payment.status === "succeeded" || payment.status === "refunded") return redirectInLanguage(orderPage);
  const t = await getTranslations({ locale, namespace: "Pay" });
  const priceText = await getTranslations({ locale, namespace: "CheckoutPrice" });
  const strong = (chunks: ReactNode) => <strong className="font-medium text-fg">{chunks}</strong>;
  const expiresAt = payment.expiresAt?.toISOString();

  const product = productName(order.productType, locale);
  const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
  const purchase = purchaseLines(order.productType, order.detail, locale);
  const lapsed =
    payment.status === "expired" ||
    (payment.status === "pending" && payment.expiresAt !== null && payment.expiresAt <= new Date());
  const orderOpen = order.status === "awaiting_payment";
  // A test checkout opened before the shop switched to Stripe cannot pay any more.
  const switched = !sandboxCheckoutUsable(payment.provider, currentPaymentProviderId());
  const view = !orderOpen
    ? "order_closed"
    : switched
      ? "provider_changed"
      : payment.status === "declined"
        ? "declined"
        : lapsed
          ? "expired"
          : "open";

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border border-warn/40 bg-warn-soft px-4 py-3 text-sm"
        data-testid="sandbox-banner"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-warn" />
        <p>
          <strong className="font-semibold">{t("bannerTitle")}</strong>{" "}
          <span className="text-muted">{t("bannerBody")}</span>
        </p>
      </div>

      <h1 className="mt-8 text-2xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-1 text-sm text-muted">
        {t.rich("total", {
          total: moneyText(payment.amount, payment.currency, locale),
          amount: (chunks) => <span className="font-medium text-fg tabular-nums">{chunks}</span>,
        })}
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
          <PriceBreakdown pricing={pricing} amountLabel={priceText(PRODUCT_VIEWS[order.productType].amountLabel.pay)} />
        </Card>

        {/* The test card's buttons translate themselves ("PaySandbox"). */}
        <ClientMessages locale={locale} namespaces={["PaySandbox"]}>
          <Card
            aria-labelledby="card-heading"
            className="flex flex-col gap-4"
            data-testid="sandbox-checkout"
            data-view={view}
            data-payment-status={payment.status}
          >
            <CardTitle id="card-heading">{t("cardHeading")}</CardTitle>
            {view === "open" ? (
              <>
                <div id="sandbox-outcomes" className="flex flex-col gap-1 text-sm text-muted">
                  <p>{t.rich("payHelp", { strong })}</p>
                  <p>{t.rich("declineHelp", { strong })}</p>
                  <p>
                    {expiresAt
                      ? t.rich("abandonHelpExpires", { strong, time: () => <LocalTime iso={expiresAt} /> })
                      : t.rich("abandonHelp", { strong })}
                  </p>
                </div>
                <SandboxOutcomeForm action={sandboxOutcomeAction.bind(null, payment.id)} />
              </>
            ) : view === "provider_changed" ? (
              <>
                <p
                  role="status"
                  className="rounded-lg bg-surface-muted px-3 py-2 text-sm font-medium"
                  data-testid="sandbox-provider-changed"
                >
                  {t("providerChanged")}
                </p>
                <p className="text-sm text-muted">{t("stillWaiting")}</p>
                <RetryPaymentForm action={retryPaymentAction.bind(null, payment.id)} label={t("payByCard")} />
                <ButtonLink href={orderPage} variant="ghost" className="-ml-3 self-start">
                  {t("backToOrder")}
                </ButtonLink>
              </>
            ) : view === "declined" ? (
              <>
                <p role="status" className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
                  {t("declined")}
                </p>
                <p className="text-sm text-muted">{t("stillWaiting")}</p>
                <RetryPaymentForm action={retryPaymentAction.bind(null, payment.id)} label={t("tryAgain")} />
                <ButtonLink href={orderPage} variant="ghost" className="-ml-3 self-start">
                  {t("backToOrder")}
                </ButtonLink>
              </>
            ) : view === "expired" ? (
              <>
                <p role="status" className="rounded-lg bg-surface-muted px-3 py-2 text-sm font-medium">
                  {t("expired")}
                </p>
                <RetryPaymentForm action={retryPaymentAction.bind(null, payment.id)} label={t("startNew")} />
                <ButtonLink href={orderPage} variant="ghost" className="-ml-3 self-start">
                  {t("backToOrder")}
                </ButtonLink>
              </>
            ) : (
              <>
                <p role="status" className="rounded-lg bg-surface-muted px-3 py-2 text-sm font-medium">
                  {t("orderClosed", { status: orderStatusDisplay(order.status, locale).label.toLowerCase() })}
                </p>
                <ButtonLink href={orderPage} variant="secondary" className="self-start">
                  {t("goToOrder")}
                </ButtonLink>
              </>
            )}
          </Card>
        </ClientMessages>
      </div>
    </div>
  );
}
