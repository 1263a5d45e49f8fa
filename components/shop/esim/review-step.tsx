import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { ClientMessages } from "@/components/client-messages";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import type { BuyerPricing } from "@/lib/orders/buyer-view";
import { Card, CardTitle } from "@/components/ui/card";
import { moneyText } from "@/lib/i18n/formats";
import { countryList } from "@/lib/products/esim/destination";
import { EsimCompatibilityCheck } from "./compatibility-check";
import { DestinationBanner } from "./destination-banner";
import { planTitle } from "./esim-text";
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
  const t = useTranslations("EsimReview");
  const esim = useTranslations("Esim");
  const locale = useLocale();
  const destinationText = `${destination.name} (${destination.code.toUpperCase()})`;
  return (
    <div className="flex flex-col gap-5">
      <Card>
        <div className="mb-4 flex items-baseline justify-between gap-3">
          <CardTitle id="review-heading">{t("destinationHeading")}</CardTitle>
          <Link href="/esim" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            {t("change")}
            <span className="sr-only">{t("changeDestination")}</span>
          </Link>
        </div>
        <DestinationBanner destination={destination} />
        {destination.coverage !== "COUNTRY" && plan.countries.length > 1 ? (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium">
              {esim("worksIn", { count: plan.countries.length })}
            </summary>
            <p className="mt-2 text-muted">{countryList(plan.countries, locale)}</p>
          </details>
        ) : null}
      </Card>
      <Card>
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <CardTitle id="plan-heading">{t("planHeading")}</CardTitle>
          <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            {t("change")}
            <span className="sr-only">{t("changePlan")}</span>
          </Link>
        </div>
        <p className="font-medium" data-testid="review-plan">
          {planTitle(esim, locale, plan)}
        </p>
        <div className="mt-5">
          <PriceBreakdown pricing={pricing} amountLabel={t("amountLabel")} />
        </div>
      </Card>
      <EsimCompatibilityCheck />
      <Card>
        <CardTitle id="pay-heading" className="mb-4">
          {t("pay")}
        </CardTitle>
        <ClientMessages locale={locale} namespaces={["Checkout"]}>
          <EsimPayForm
            action={payAction}
            fields={fields}
            confirmLabel={t.rich("confirm", {
              destination: destinationText,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
            hint={signedIn ? t("hintSignedIn") : t("hintGuest")}
            defaultEmail={defaultEmail}
            totalText={moneyText(pricing.totalMinor, pricing.currency, locale)}
          />
        </ClientMessages>
      </Card>
    </div>
  );
}
