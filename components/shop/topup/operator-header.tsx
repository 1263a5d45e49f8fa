import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { flagEmoji } from "@/lib/products/topup/countries";
import { OperatorLogo } from "./operator-logo";
import type { OperatorSummary } from "@/lib/products/topup/types";
import { countryHref } from "@/lib/products/topup/urls";

/** The operator page's title when browsing: logo, name, country (flag), other operators. */
export function OperatorHeader({ operator }: { operator: OperatorSummary }) {
  const t = useTranslations("Topup");
  return (
    <div className="flex items-center gap-4">
      <OperatorLogo src={operator.logoUrl} name={operator.operatorName} size={56} />
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight">{t("operatorTitle", { operator: operator.operatorName })}</h1>
        <p className="mt-1 text-sm text-muted">
          <span aria-hidden="true" className="mr-1.5">
            {flagEmoji(operator.countryCode)}
          </span>
          {operator.countryName} ·{" "}
          <Link
            href={countryHref(operator.countryCode)}
            className="font-medium text-brand underline-offset-4 hover:underline"
          >
            {t("otherOperatorsIn", { country: operator.countryName })}
          </Link>
        </p>
      </div>
    </div>
  );
}
