import type { Metadata } from "next";
import { payForImeiCheckAction } from "./actions";
import { ImeiCheckForm } from "@/components/shop/imei-check/imei-check-form";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import { Card, CardTitle } from "@/components/ui/card";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { formatMoney } from "@/lib/money";
import { imeiCheckPrice } from "@/lib/products/imeicheck/price";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "IMEI check" };
export const dynamic = "force-dynamic";

/**
 * /imei-check: what the report tells, its price, and the IMEI form. No submission id in the
 * page: the pay action derives it from this browser's submitter cookie (lib/orders/submitter.ts).
 */
export default async function ImeiCheckPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const [pricing, fullReport, user] = await Promise.all([imeiCheckPrice(db), imeiCheckPrice(db, { fullReport: true }), getCurrentUser()]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:py-12">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">IMEI check</h1>
        <p className="max-w-2xl text-muted">Before you buy a used phone or order an unlock: find out whether it is reported lost or stolen, which networks accept it, and what happened to it before.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="order-2 lg:order-1">
          <ImeiCheckForm
            action={payForImeiCheckAction}
            expectedTotalMinor={pricing.totalMinor}
            totalText={formatMoney(pricing.totalMinor, pricing.currency)}
            defaultEmail={user?.email}
            signedIn={!!user}
          />
        </Card>
        <Card className="order-1 flex flex-col gap-4 self-start lg:order-2">
          <CardTitle>What the report shows</CardTitle>
          <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm">
            <li>The device: brand, model and picture</li>
            <li>Blacklist status: reported lost or stolen, or clean</li>
            <li>Networks by country that block it or accept it</li>
            <li>Its history (up to 10 events) and a PDF report</li>
          </ul>
          <p className="text-xs text-muted" data-testid="imeicheck-refund-rule">
            If the IMEI is not recognised, we refund you. For some devices the checking service sells the blacklist report separately: then we refund this check, and
            you can buy the full report from us for {formatMoney(fullReport.totalMinor, fullReport.currency)} on your order page.
          </p>
          <PriceBreakdown pricing={{ currency: pricing.currency, amountMinor: pricing.amountMinor, serviceFeeMinor: pricing.serviceFeeMinor, smsFeeMinor: 0, totalMinor: pricing.totalMinor }} amountLabel="IMEI report" />
        </Card>
      </div>
    </div>
  );
}
