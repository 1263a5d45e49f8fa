import { ListLink } from "@/components/shop/list-link";
import { Infinity as InfinityIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/lib/money";
import { dataText, validityText } from "@/lib/products/esim/format";
import type { EsimPlanOffer } from "@/lib/products/esim/types";

/** One plan as a link to its detail page: data, validity, price. */
export function PlanCard({ plan, href, regionLabel }: { plan: EsimPlanOffer; href: string; regionLabel?: string }) {
  return (
    <ListLink
      href={href}
      data-testid="plan-card"
      data-unlimited={plan.unlimited ? "true" : "false"}
      data-catalog-id={plan.catalogId}
      className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition hover:border-brand hover:shadow-sm"
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-xl font-bold tracking-tight">{dataText(plan)}</span>
        {plan.unlimited ? (
          <Badge tone="brand">
            <InfinityIcon className="mr-1 size-3.5" aria-hidden="true" />
            Fair use
          </Badge>
        ) : null}
      </span>
      <span className="text-sm text-muted">
        {validityText(plan.validityDays)}
        {regionLabel ? <> · {regionLabel}</> : null}
      </span>
      <span className="mt-auto text-lg font-semibold">{formatMoney(plan.totalMinor, plan.currency)}</span>
    </ListLink>
  );
}
