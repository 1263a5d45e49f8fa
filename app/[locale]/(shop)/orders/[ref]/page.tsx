import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { payNowAction } from "./actions";
import { ORDER_SECTIONS } from "./sections";
import { FulfillmentDetails, DetailRows } from "@/components/shop/orders/fulfillment-details";
import { OrderStatusPoller } from "@/components/shop/orders/order-status-poller-lazy";
import { OrderStatusView } from "@/components/shop/orders/order-status-view";
import { OrderTimeline } from "@/components/shop/orders/order-timeline";
import { buyerPricing } from "@/lib/orders/buyer-view";
import { statusReasonText } from "@/lib/orders/buyer-text";
import { PayNowForm } from "@/components/shop/orders/pay-now-form";
import { PaymentState } from "@/components/shop/orders/payment-panel";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { purchaseLines } from "@/lib/products/purchase-lines";
import { ProductIcon } from "@/components/shop/product-icon";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { moneyText } from "@/lib/i18n/formats";
import { localizedPath } from "@/lib/i18n/locale-routing.mjs";
import { findViewableOrder } from "@/lib/orders/access";
import { buyAgainLabel } from "@/lib/orders/buy-again";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { FINAL_STATUSES } from "@/lib/orders/lifecycle";
import { settledForBuyer } from "@/lib/orders/refund-due";
import { orderStatusDisplay } from "@/lib/orders/presentation";
import { productName } from "@/lib/products/product-name";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { PRODUCT_VIEWS } from "@/lib/products/views";
import { pageLocale } from "@/lib/i18n/locale-param";

export const dynamic = "force-dynamic";

// The link is the key to a guest order: keep it out of search engines and Referer headers.
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "Order" });
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}

const SHOW_REASON = new Set(["failed", "needs_attention", "cancelled", "refunded"]);

export default async function OrderPage({ params }: { params: Promise<{ locale: string; ref: string }> }) {
  const locale = await pageLocale(params);
  const { ref } = await params;
  const t = await getTranslations({ locale, namespace: "Order" });
  const priceText = await getTranslations({ locale, namespace: "CheckoutPrice" });
  const user = await getCurrentUser();
  const found = await findViewableOrder(
    (r) =>
      db.order.findUnique({
        where: { ref: r },
        include: {
          events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
          payments: { orderBy: { createdAt: "desc" }, take: 1 },
          refundTask: { select: { status: true } },
        },
      }),
    ref,
    user?.id,
  );
  if (!found) notFound();
  // Codes, LPA strings and instructions are stored sealed: opened for the buyer's own page only.
  const order = { ...found, fulfillment: openFulfillment(found.fulfillment) as Prisma.JsonValue };

  const product = productName(order.productType, locale);
  const display = orderStatusDisplay(order.status, locale);
  const statusSnapshot = {
    status: order.status,
    label: display.label,
    explanation: display.explanation,
    updatedAt: order.updatedAt.toISOString(),
    final: settledForBuyer(order, FINAL_STATUSES),
  };
  const pricing = buyerPricing(order.pricing, { currency: order.currency, totalMinor: order.retailAmount });
  const purchase = purchaseLines(order.productType, order.detail, locale);
  // A product with its own delivery section (a gift card's code shown only on request, an
  // eSIM's install details, unlock instructions, an IMEI report) draws it; the others' delivery
  // is plain rows from their module.
  const sections = ORDER_SECTIONS[order.productType];
  const delivery = PRODUCT_MODULES[order.productType].lines.delivery(order.fulfillment, locale);
  const latestPayment = order.payments[0] ?? null;
  const awaitingPayment = order.status === "awaiting_payment";
  const againLabel = FINAL_STATUSES.includes(order.status) ? buyAgainLabel(order.productType, locale) : undefined;
  const sectionProps = { order, locale, userId: user?.id ?? null };
  const Delivery = sections.delivery;
  const Bought = sections.bought;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-12">
      <div className="flex items-start gap-3">
        <ProductIcon type={order.productType} className="mt-1 size-6 shrink-0 text-brand" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{product}</h1>
          <p className="mt-1 text-sm text-muted">
            {t.rich("ordered", {
              time: () => <LocalTime iso={order.createdAt.toISOString()} />,
              total: moneyText(order.retailAmount, order.currency, locale),
            })}
          </p>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardTitle id="status-heading" className="mb-3">
              {t("statusHeading")}
            </CardTitle>
            <OrderStatusView snapshot={statusSnapshot}>
              {statusSnapshot.final ? null : (
                <OrderStatusPoller
                  orderRef={order.ref}
                  initial={statusSnapshot}
                  texts={{ live: t("liveUpdates"), paused: t("livePaused") }}
                />
              )}
            </OrderStatusView>
            {order.statusReason && SHOW_REASON.has(order.status) ? (
              <p className="mt-4 rounded-lg bg-warn-soft px-3 py-2 text-sm text-fg" data-testid="status-reason">
                {statusReasonText(order.statusReason, locale)}
              </p>
            ) : null}
            {!order.userId ? <p className="mt-4 text-xs text-muted">{t("guestNote")}</p> : null}
          </Card>

          {Delivery ? <Delivery {...sectionProps} /> : null}

          {delivery.length > 0 ? (
            <Card>
              <CardTitle id="delivery-heading" className="mb-3">
                {t("deliveryHeading")}
              </CardTitle>
              <FulfillmentDetails lines={delivery} />
            </Card>
          ) : null}

          <Card>
            <CardTitle id="bought-heading" className="mb-3">
              {t("boughtHeading")}
            </CardTitle>
            {purchase.length > 0 ? <DetailRows rows={purchase} /> : <p className="text-sm text-muted">{product}</p>}
            {Bought ? <Bought {...sectionProps} /> : null}
            {againLabel ? (
              // A plain link: the route resolves today's offer when clicked, never on a prefetch.
              <a
                href={localizedPath(`/orders/${order.ref}/again`, locale)}
                className={buttonClasses("secondary", "md", "mt-4")}
                data-testid="buy-again"
              >
                {againLabel}
              </a>
            ) : null}
          </Card>

          <Card>
            <CardTitle id="timeline-heading" className="mb-4">
              {t("timelineHeading")}
            </CardTitle>
            <OrderTimeline
              events={order.events.map((e) => ({
                id: e.id,
                type: e.type,
                toStatus: e.toStatus,
                source: e.source,
                message: e.message,
                createdAt: e.createdAt.toISOString(),
              }))}
            />
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          <Card>
            <CardTitle id="price-heading" className="mb-3">
              {t("priceHeading")}
            </CardTitle>
            <PriceBreakdown
              pricing={pricing}
              amountLabel={priceText(PRODUCT_VIEWS[order.productType].amountLabel.order)}
            />
          </Card>
          <Card>
            <CardTitle id="payment-heading" className="mb-3">
              {t("paymentHeading")}
            </CardTitle>
            <PaymentState
              latest={
                latestPayment
                  ? {
                      provider: latestPayment.provider,
                      status: latestPayment.status,
                      createdAt: latestPayment.createdAt.toISOString(),
                    }
                  : null
              }
              paidAt={order.paidAt?.toISOString() ?? null}
              awaitingPayment={awaitingPayment}
            />
            {awaitingPayment ? (
              <div className="mt-4">
                <PayNowForm
                  action={payNowAction.bind(null, order.ref)}
                  label={t("payNow")}
                  pendingText={t("openingPayment")}
                />
              </div>
            ) : null}
          </Card>
        </div>
      </div>
    </div>
  );
}
