import type { Metadata } from "next";
import { MarginForm } from "@/components/admin/pricing/margin-form";
import { PageHeader } from "@/components/admin/shared/page-header";
import { Card, CardTitle } from "@/components/ui/card";
import { PRODUCT_TYPES, readMargins } from "@/lib/admin/pricing/margins";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { productName } from "@/lib/products/product-name";
import { updateMarginAction, updateUsdRateAction } from "./actions";
import { UsdRateForm } from "@/components/admin/pricing/usd-rate-form";
import { readStaffRateSetting } from "@/lib/pricing/staff-rate";

export const metadata: Metadata = { title: "Pricing" };
export const dynamic = "force-dynamic";

export default async function PricingPage() {
  await requireStaff("admin", "/admin/pricing");
  const [margins, usdRate] = await Promise.all([readMargins(db), readStaffRateSetting(db)]);
  return (
    <>
      <PageHeader
        title="Pricing"
        description="The shop's margin per product type: retail price = upstream cost + percent of the cost (rounded up to the cent) + fixed fee. New quotes use a saved margin at once; orders already created keep their price."
      />
      <div className="grid gap-4 xl:grid-cols-2">
        {PRODUCT_TYPES.map((type) => {
          const label = productName(type);
          const margin = margins[type];
          return (
            <Card key={type}>
              <CardTitle className="mb-4">{label}</CardTitle>
              <MarginForm
                productType={type}
                label={label}
                percent={margin.percent}
                fixedMinor={margin.fixedMinor}
                currency="EUR"
                action={updateMarginAction}
              />
            </Card>
          );
        })}
        <Card>
          <CardTitle className="mb-1">Euro to US dollar rate</CardTitle>
          <p className="mb-4 text-sm text-muted">
            Buyers can pay in euros or US dollars. Top-ups, eSIMs and gift cards use the supplier&apos;s own dollar
            prices; unlocks and IMEI checks, which the supplier prices in euros only, are converted at this rate.{" "}
            {usdRate ? null : "No rate is set: unlocks and IMEI checks are sold in euros only."}
          </p>
          <UsdRateForm rate={usdRate?.rate ?? ""} date={usdRate?.date ?? ""} action={updateUsdRateAction} />
        </Card>
      </div>
    </>
  );
}
