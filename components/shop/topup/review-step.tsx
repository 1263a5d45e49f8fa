import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/client-messages";
import { Link } from "@/lib/i18n/navigation";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import type { BuyerPricing } from "@/lib/orders/buyer-view";
import { Card, CardTitle } from "@/components/ui/card";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { flagEmoji } from "@/lib/products/topup/countries";
import { OperatorLogo } from "./operator-logo";
import { PayForm, type PayFields } from "./pay-form";
import type { PayState } from "@/lib/products/topup/pay-input";
import { formatPhone } from "@/lib/validation/phone";
import { recipientGets, shortProductName } from "./rate-card";
import type { OperatorSummary, TopupChoice } from "@/lib/products/topup/types";

/**
 * The confirmation step: what will be bought (number, operator, country, amount), the
 * server's price breakdown (with the SMS fee when chosen), then the number typed again, the
 * email and Pay. The pay form (a client component) gets its own messages, TopupPay, and
 * those of the email and Pay button it ends with (Checkout: components/shop/checkout).
 */
export function ReviewStep({
  operator,
  choice,
  pricing,
  fields,
  changeHref,
  payAction,
  defaultEmail,
  signedIn,
  locale,
}: {
  operator: OperatorSummary;
  choice: TopupChoice;
  pricing: BuyerPricing;
  fields: PayFields;
  changeHref: string;
  payAction: (state: PayState, form: FormData) => Promise<PayState>;
  defaultEmail?: string;
  signedIn: boolean;
  locale: Locale;
}) {
  const t = useTranslations("Topup");
  const gets = recipientGets(choice, locale);
  const rows: Array<[string, React.ReactNode]> = [
    [
      t("number"),
      <span key="n" className="tabular-nums">
        {formatPhone(fields.phone)}
      </span>,
    ],
    [
      t("operator"),
      <span key="o" className="inline-flex items-center gap-2">
        <OperatorLogo src={operator.logoUrl} name={operator.operatorName} size={24} />
        {operator.operatorName}
      </span>,
    ],
    [
      t("country"),
      <span key="c">
        <span aria-hidden="true" className="mr-1.5">
          {flagEmoji(operator.countryCode)}
        </span>
        {operator.countryName}
      </span>,
    ],
    [t("topup"), shortProductName(choice.productName, operator.operatorName)],
  ];
  if (gets) rows.push([t("recipientGetsLabel"), gets]);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <CardTitle id="review-heading">{t("yourTopup")}</CardTitle>
          <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            {t("change")}
          </Link>
        </div>
        <dl className="flex flex-col gap-2 text-sm" data-testid="review-summary">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between gap-4">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 mb-2 text-sm font-semibold">{t("price")}</h3>
        <PriceBreakdown pricing={pricing} amountLabel={t("amountLabel")} />
      </Card>
      <Card>
        <CardTitle id="pay-heading" className="mb-4">
          {t("confirmAndPay")}
        </CardTitle>
        <ClientMessages locale={locale} namespaces={["TopupPay", "Checkout"]}>
          <PayForm
            action={payAction}
            fields={fields}
            defaultEmail={defaultEmail}
            signedIn={signedIn}
            totalText={moneyText(pricing.totalMinor, pricing.currency, locale)}
          />
        </ClientMessages>
      </Card>
    </div>
  );
}
