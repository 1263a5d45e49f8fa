import { Link } from "@/lib/i18n/navigation";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import type { BuyerPricing } from "@/lib/orders/buyer-view";
import { Card, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { countryList } from "@/lib/products/esim/destination";
import { EsimCompatibilityCheck } from "./compatibility-check";
import { DestinationBanner } from "./destination-banner";
import { dataText, validityText } from "@/lib/products/esim/format";
import { EsimPayForm, type EsimPayFields, type EsimPayState } from "./pay-form";
import type { EsimDestinationSummary, EsimPlanDetail } from "@/lib/products/esim/types";

/** The review: the destination in large type, the plan, the server's price, the email, and Pay. */
export function EsimReviewStep({
  destination,
  plan,
  pricing,
  fields,
  changeHref,
  payAction,
  defaultEmail,
  signedIn,
}: {
  destination: EsimDestinationSummary;
  plan: EsimPlanDetail;
  pricing: BuyerPricing;
  fields: EsimPayFields;
  changeHref: string;
  payAction: (state: EsimPayState, form: FormData) => Promise<EsimPayState>;
  defaultEmail?: string;
  signedIn: boolean;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Card>
        <div className="mb-4 flex items-baseline justify-between gap-3">
          <CardTitle id="review-heading">Your destination</CardTitle>
          <Link href="/esim" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            Change<span className="sr-only"> the destination</span>
          </Link>
        </div>
        <DestinationBanner destination={destination} />
        {destination.coverage !== "COUNTRY" && plan.countries.length > 1 ? (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium">Works in {plan.countries.length} countries</summary>
            <p className="mt-2 text-muted">{countryList(plan.countries)}</p>
          </details>
        ) : null}
      </Card>
      <Card>
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <CardTitle id="plan-heading">Your plan</CardTitle>
          <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            Change<span className="sr-only"> the plan</span>
          </Link>
        </div>
        <p className="font-medium" data-testid="review-plan">
          {dataText(plan)} · {validityText(plan.validityDays)}
        </p>
        <div className="mt-5">
          <PriceBreakdown pricing={pricing} amountLabel="eSIM plan" />
        </div>
      </Card>
      <EsimCompatibilityCheck />
      <Card>
        <CardTitle id="pay-heading" className="mb-4">
          Pay
        </CardTitle>
        <EsimPayForm
          action={payAction}
          fields={fields}
          destinationText={`${destination.name} (${destination.code.toUpperCase()})`}
          defaultEmail={defaultEmail}
          signedIn={signedIn}
          totalText={formatMoney(pricing.totalMinor, pricing.currency)}
        />
      </Card>
    </div>
  );
}
