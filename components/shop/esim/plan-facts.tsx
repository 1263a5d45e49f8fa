import { formatMoney } from "@/lib/money";
import { countryList } from "@/lib/products/esim/destination";
import { dataText, FAIR_USE_NOTE, validityText } from "@/lib/products/esim/format";
import type { EsimPlanDetail } from "@/lib/products/esim/types";

/** The plan detail's facts: data, validity, price, coverage, networks, fair use. */
export function PlanFacts({ plan }: { plan: EsimPlanDetail }) {
  const rows = [
    { label: "Data", value: dataText(plan) },
    { label: "Valid for", value: `${validityText(plan.validityDays)} from first use` },
    { label: "Price", value: formatMoney(plan.totalMinor, plan.currency) },
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-3 gap-3" data-testid="plan-facts">
        {rows.map((row) => (
          <div key={row.label} className="rounded-xl border border-border bg-surface p-3">
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className="mt-1 font-semibold">{row.value}</dd>
          </div>
        ))}
      </dl>
      {plan.unlimited ? (
        <p className="rounded-lg bg-warn-soft px-3 py-2 text-sm" data-testid="fair-use-note">
          {FAIR_USE_NOTE}
        </p>
      ) : null}
      {plan.description ? <p className="text-sm text-muted">{plan.description}</p> : null}
      {plan.countries.length > 1 ? (
        <details className="rounded-xl border border-border bg-surface px-4 py-3 text-sm">
          <summary className="cursor-pointer font-medium">Works in {plan.countries.length} countries</summary>
          <p className="mt-2 text-muted">
{countryList(plan.countries)}
          </p>
        </details>
      ) : null}
      {plan.networks.length > 0 ? <p className="text-sm text-muted">Networks: {plan.networks.join(", ")}</p> : null}
      <p className="text-sm text-muted">Data only: no phone number, calls or SMS. Your phone must be unlocked and support eSIM.</p>
    </div>
  );
}
