import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/navigation";
import { notFound } from "next/navigation";
import { EsimShell, first, type Search } from "../../shell";
import { destinationSymbol } from "@/lib/products/esim/destination";
import { EsimRemainingData } from "@/components/shop/orders/esim-remaining-data";
import { esimPurchase, esimPurchaseLines } from "@/lib/products/esim/lines";
import { DetailRows } from "@/components/shop/orders/fulfillment-details";
import { Breadcrumbs } from "@/components/shop/giftcards/breadcrumbs";
import { Card, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { findViewableEsimOrder } from "@/lib/products/esim/line-access";
import { remainingData } from "@/lib/products/esim/remaining-data";
import { pageLocale } from "@/lib/i18n/locale-param";
import { purchaseWords } from "@/components/shop/esim/esim-text";

export const dynamic = "force-dynamic";

type Params = Promise<{ locale: string; iccid: string }>;

// Like the order page: a guest's link is a key, so no indexing and no Referer.
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "EsimLine" });
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "same-origin" };
}

/**
 * /esim/lines/[iccid]: an eSIM the viewer bought (lib/products/esim/line-access.ts), with its remaining
 * data, asked from the supplier at most every five minutes (the same gate as the order page).
 */
export default async function EsimLinePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Search>;
}) {
  const locale = await pageLocale(params);
  const { iccid } = await params;
  const orderRef = first((await searchParams).order);
  const user = await getCurrentUser();
  const order = await findViewableEsimOrder(db, iccid.toUpperCase(), { userId: user?.id, orderRef });
  if (!order) notFound();

  const purchase = esimPurchase(order.detail);
  const usage = order.status === "fulfilled" ? await remainingData(db, order.id) : { usage: null, failed: false };
  const [esim, t] = await Promise.all([
    getTranslations({ locale, namespace: "Esim" }),
    getTranslations({ locale, namespace: "EsimLine" }),
  ]);
  return (
    <EsimShell>
      <Breadcrumbs items={[{ label: esim("travelEsims"), href: "/esim" }, { label: t("title") }]} />
      <div className="flex items-center gap-3">
        {purchase.destinationCode ? (
          <span aria-hidden="true" className="text-4xl leading-none">
            {destinationSymbol(purchase.destinationCode)}
          </span>
        ) : null}
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">
            {purchase.destinationName ? t("titleFor", { destination: purchase.destinationName }) : t("title")}
          </h1>
          <p className="mt-1 font-mono text-sm break-all text-muted">
            <span className="font-sans">{t("iccid")}</span>
            <span data-testid="line-iccid">{iccid.toUpperCase()}</span>
          </p>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <Card>
          <EsimRemainingData
            usage={usage.usage}
            planGb={purchase.unlimited ? null : purchase.dataGb}
            failed={usage.failed}
            headingLevel="h2"
          />
        </Card>
        <Card>
          <CardTitle id="plan-heading" className="mb-3">
            {t("plan")}
          </CardTitle>
          <DetailRows rows={esimPurchaseLines(order.detail, purchaseWords(esim, locale))} />
          <Link
            href={`/orders/${order.ref}`}
            className="mt-4 inline-block text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            {t("orderLink")}
          </Link>
        </Card>
      </div>
    </EsimShell>
  );
}
