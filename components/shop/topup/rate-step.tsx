import { RateCard } from "./rate-card";
import { RateForm } from "./rate-form";
import { ServiceTabs } from "./service-tabs";
import type { TopupOffer } from "@/lib/products/topup/types";
import { formatMoney } from "@/lib/money";
import { SMS_FEE_HINT_MINOR } from "@/lib/products/topup/rules";

/**
 * The operator's rates: one tab per service type (airtime, data, bundles), rates as cards, the
 * optional SMS notice, Continue. `selected` preselects a rate (coming back with "Change").
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
}: {
  offer: TopupOffer;
  action: string;
  hidden: Record<string, string>;
  selected?: string;
  initialType?: string;
  sms: boolean;
  submitLabel: string;
  error?: string;
}) {
  if (offer.serviceTypes.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-surface px-5 py-4 text-sm text-muted" data-testid="no-rates">
        {offer.operatorName} has no top-ups on offer right now. Please try again later, or choose another operator.
      </p>
    );
  }
  const selectedType = offer.choices.find((c) => c.token === selected)?.serviceType;
  const tabs = offer.serviceTypes.map((group) => ({
    key: group.type,
    label: group.label,
    count: group.choices.length,
    panel: (
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={`${group.label} top-ups`}>
        {group.choices.map((choice) => (
          <li key={choice.token}>
            <RateCard choice={choice} operatorName={offer.operatorName} checked={choice.token === selected} />
          </li>
        ))}
      </ul>
    ),
  }));
  return (
    <RateForm action={action} hidden={hidden} sms={sms} smsFee={formatMoney(SMS_FEE_HINT_MINOR, "EUR")} submitLabel={submitLabel} serverError={error}>
      <ServiceTabs tabs={tabs} initial={selectedType ?? initialType} label={`${offer.operatorName} top-up types`} />
    </RateForm>
  );
}
