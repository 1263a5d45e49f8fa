import { useTranslations } from "next-intl";
import { ClientMessages } from "@/components/client-messages";
import { RateCard } from "./rate-card";
import { RateForm } from "./rate-form";
import { ServiceTabs } from "./service-tabs";
import type { TopupOffer } from "@/lib/products/topup/types";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { SMS_FEE_HINT_MINOR } from "@/lib/products/topup/rules";
import { convertUp } from "@/lib/pricing/exchange";
import { isServiceType } from "@/lib/products/topup/service-labels";

/**
 * The operator's rates: one tab per service type (airtime, data, bundles), rates as cards, the
 * optional SMS notice, Continue. `selected` preselects a rate (coming back with "Change").
 * The form (a client component) gets its own few messages, TopupRates.
 */
export function RateStep({
  offer,
  action,
  hidden,
  selected,
  initialType,
  sms,
  submitLabel,
  error,
  locale,
}: {
  offer: TopupOffer;
  action: string;
  hidden: Record<string, string>;
  selected?: string;
  initialType?: string;
  sms: boolean;
  submitLabel: string;
  error?: string;
  locale: Locale;
}) {
  const t = useTranslations("Topup");
  if (offer.serviceTypes.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-surface px-5 py-4 text-sm text-muted" data-testid="no-rates">
        {t("noRates", { operator: offer.operatorName })}
      </p>
    );
  }
  const selectedType = offer.choices.find((c) => c.token === selected)?.serviceType;
  const tabs = offer.serviceTypes.map((group) => {
    const label = isServiceType(group.type) ? t(`serviceType.${group.type}`) : group.label;
    return {
      key: group.type,
      label,
      count: group.choices.length,
      panel: (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("typeTopups", { type: label })}>
          {group.choices.map((choice) => (
            <li key={choice.token}>
              <RateCard
                choice={choice}
                operatorName={offer.operatorName}
                checked={choice.token === selected}
                locale={locale}
              />
            </li>
          ))}
        </ul>
      ),
    };
  });
  // The SMS fee in the rates' currency: the upstream's euros, or converted at its own rate.
  const priced = offer.choices[0];
  const smsFee =
    priced?.currency === "USD" && priced.exchange
      ? moneyText(convertUp(SMS_FEE_HINT_MINOR, priced.exchange), "USD", locale)
      : moneyText(SMS_FEE_HINT_MINOR, "EUR", locale);
  return (
    <ClientMessages locale={locale} namespaces={["TopupRates"]}>
      <RateForm action={action} hidden={hidden} sms={sms} smsFee={smsFee} submitLabel={submitLabel} serverError={error}>
        <ServiceTabs
          tabs={tabs}
          initial={selectedType ?? initialType}
          label={t("topupTypes", { operator: offer.operatorName })}
        />
      </RateForm>
    </ClientMessages>
  );
}
