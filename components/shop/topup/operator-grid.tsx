import { Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { OperatorLogo } from "./operator-logo";
import { isServiceType } from "@/lib/products/topup/service-labels";
import type { OperatorCard } from "@/lib/products/topup/types";

/** A country's operators as cards: logo, name, what they sell, a promotion when one runs. */
export function OperatorGrid({ operators }: { operators: OperatorCard[] }) {
  const t = useTranslations("Topup");
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="operator-grid">
      {operators.map((operator) => (
        <li key={operator.operatorId}>
          <ListLink
            href={operator.href}
            className="flex h-full items-center gap-4 rounded-xl border border-border bg-surface p-4 shadow-sm transition hover:border-brand hover:shadow-md"
          >
            <OperatorLogo src={operator.logoUrl} name={operator.operatorName} size={48} />
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="font-semibold">{operator.operatorName}</span>
              <span className="text-xs text-muted">
                {operator.serviceTypes
                  .map((type) => (isServiceType(type) ? t(`serviceType.${type}`) : type))
                  .join(" · ")}
              </span>
              {operator.promotion ? (
                <span className="inline-flex w-fit items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">
                  <Sparkles className="size-3" aria-hidden="true" />
                  {operator.promotion.title ? <span lang="en">{operator.promotion.title}</span> : t("promotion")}
                </span>
              ) : null}
            </span>
          </ListLink>
        </li>
      ))}
    </ul>
  );
}
