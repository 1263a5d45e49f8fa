import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { payForImeiCheckAction } from "./actions";
import { ClientMessages } from "@/components/client-messages";
import { ImeiCheckForm } from "@/components/shop/imei-check/imei-check-form";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { Card, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { moneyText } from "@/lib/i18n/formats";
import { imeiCheckPrice } from "@/lib/products/imeicheck/price";
import { pageLocale } from "@/lib/i18n/locale-param";
import { pageCurrency } from "@/lib/i18n/page-currency";
import { unavailableProductPage } from "@/components/shop/product-unavailable";

type Params = Promise<{ locale: string; edition?: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "ImeiCheck" });
  return { title: t("title") };
}

export const dynamic = "force-dynamic";

/**
 * /imei-check: what the report tells, its price, and the IMEI form. No submission id in the
 * page: the pay action derives it from this browser's submitter cookie (lib/orders/submitter.ts).
 */
export default async function ImeiCheckPage({ params }: { params: Params }) {
  const locale = await pageLocale(params);
  const unavailable = await unavailableProductPage("imeicheck", locale);
  if (unavailable) return unavailable;
  const t = await getTranslations({ locale, namespace: "ImeiCheck" });
  const currency = await pageCurrency(params);
  const [pricing, fullReport, user] = await Promise.all([
    imeiCheckPrice(db, { currency }),
    imeiCheckPrice(db, { fullReport: true, currency }),
    getCurrentUser(),
  ]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-2xl text-muted">{t("lead")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="order-2 lg:order-1">
          <ClientMessages locale={locale} namespaces={["ImeiCheckForm", "Checkout"]}>
            <ImeiCheckForm
              action={payForImeiCheckAction}
              expectedTotalMinor={pricing.totalMinor}
              expectedCurrency={pricing.currency}
              totalText={moneyText(pricing.totalMinor, pricing.currency, locale)}
              defaultEmail={user?.email}
              signedIn={!!user}
            />
          </ClientMessages>
        </Card>
        <Card className="order-1 flex flex-col gap-4 self-start lg:order-2">
          <CardTitle>{t("reportHeading")}</CardTitle>
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
            <li>{t("showsDevice")}</li>
            <li>{t("showsBlacklist")}</li>
            <li>{t("showsNetworks")}</li>
            <li>{t("showsHistory")}</li>
          </ul>
          <p className="text-xs text-muted" data-testid="imeicheck-refund-rule">
            {t("refundRule", { price: moneyText(fullReport.totalMinor, fullReport.currency, locale) })}
          </p>
          <PriceBreakdown
            pricing={{
              currency: pricing.currency,
              amountMinor: pricing.amountMinor,
              serviceFeeMinor: pricing.serviceFeeMinor,
              smsFeeMinor: 0,
              totalMinor: pricing.totalMinor,
              exchange: pricing.exchange,
            }}
            amountLabel={t("amountLabel")}
          />
        </Card>
      </div>
    </div>
  );
}
