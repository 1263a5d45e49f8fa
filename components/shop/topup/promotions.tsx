import { Sparkles } from "lucide-react";
import { LocalTime } from "@/components/ui/local-time";
import { SERVICE_LABELS } from "@/lib/products/topup/service-labels";
import type { PromotionView } from "@/lib/products/topup/types";

/**
 * Active promotions, highlighted. The operator gives the bonus on its side: the price here
 * does not change, and the upstream says only which operator and until when.
 */
export function Promotions({ promotions, showOperator = false }: { promotions: PromotionView[]; showOperator?: boolean }) {
  if (promotions.length === 0) return null;
  return (
    <section aria-label="Promotions" className="flex flex-col gap-2" data-testid="promotions">
      {promotions.map((promo) => (
        <div key={promo.id} className="flex items-start gap-3 rounded-xl border border-brand/40 bg-brand-soft px-4 py-3">
          <Sparkles className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">
              {showOperator && promo.operatorName ? `${promo.operatorName}: ` : ""}
              {promo.title}
              {promo.bonusPercent ? <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-brand-fg">+{promo.bonusPercent}%</span> : null}
            </p>
            {promo.description ? <p className="mt-0.5 text-fg">{promo.description}</p> : null}
            {promo.serviceTypes ? <p className="mt-0.5 text-xs text-muted">On {promo.serviceTypes.map((type) => SERVICE_LABELS[type]?.toLowerCase() ?? type).join(" and ")} only.</p> : null}
            {promo.endsAt ? (
              <p className="mt-0.5 text-xs text-muted">
                Until <LocalTime iso={promo.endsAt} withTime={false} />
              </p>
            ) : null}
          </div>
        </div>
      ))}
    </section>
  );
}
