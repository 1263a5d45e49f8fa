import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { flagEmoji } from "@/lib/products/topup/countries";
import { OperatorLogo } from "./operator-logo";
import { formatPhone } from "@/lib/validation/phone";
import type { OperatorChoice, OperatorSummary } from "@/lib/products/topup/types";
import { operatorHref } from "@/lib/products/topup/urls";

/**
 * The number, its operator (logo) and country (flag), with a way back to step 1, and "Not
 * your operator?": numbers move between operators, so the buyer may pick another one of the
 * country's operators (links that keep the number).
 */
export function CarrierSummary({
  phone,
  operator,
  detectedName,
  operators = [],
  showSwitcher = true,
}: {
  phone: string;
  operator: OperatorSummary;
  /** The operator the lookup found, when the buyer chose a different one. */
  detectedName?: string | null;
  operators?: OperatorChoice[];
  showSwitcher?: boolean;
}) {
  const t = useTranslations("Topup");
  const others = operators.filter((o) => o.operatorId !== operator.operatorId);
  return (
    <div className="rounded-xl border border-border bg-surface shadow-sm" data-testid="carrier">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4">
        <OperatorLogo src={operator.logoUrl} name={operator.operatorName} size={48} />
        <dl className="grid min-w-0 flex-1 basis-56 grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-muted">{t("number")}</dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">{formatPhone(phone)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t("operator")}</dt>
            <dd className="font-medium" data-testid="operator-name">
              {operator.operatorName}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t("country")}</dt>
            <dd className="font-medium">
              <span aria-hidden="true" className="mr-1.5">
                {flagEmoji(operator.countryCode)}
              </span>
              {operator.countryName}
            </dd>
          </div>
        </dl>
        {/* Not prefetched: a page with a query is rendered per request (lib/http/cached-pages.ts). */}
        <Link
          href={`/topup?change=${encodeURIComponent(phone)}`}
          prefetch={false}
          className="w-full text-sm font-medium text-brand underline-offset-4 hover:underline sm:w-auto"
        >
          {t("changeNumber")}
        </Link>
      </div>
      {detectedName ? (
        <p className="border-t border-border px-5 py-3 text-sm text-muted" data-testid="operator-choice-note">
          {t("detectedNote", { chosen: operator.operatorName, detected: detectedName })}
        </p>
      ) : null}
      {showSwitcher && others.length > 0 ? (
        <details className="group border-t border-border">
          <summary className="flex cursor-pointer list-none items-center gap-2 px-5 py-3 text-sm font-medium text-brand [&::-webkit-details-marker]:hidden">
            {t("notYourOperator")}
            <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="px-5 pb-4">
            <p className="mb-3 text-sm text-muted">{t("chooseOperatorOf", { phone: formatPhone(phone) })}</p>
            <ul className="grid gap-2 sm:grid-cols-2" aria-label={t("operatorsIn", { country: operator.countryName })}>
              {others.map((o) => (
                <li key={o.operatorId}>
                  <Link
                    href={operatorHref(operator.countryCode, o.operatorId, o.operatorName, { phone })}
                    className="flex items-center gap-3 rounded-lg border border-border px-3 py-2 text-sm font-medium hover:border-brand"
                  >
                    <OperatorLogo src={o.logoUrl} name={o.operatorName} size={28} />
                    {o.operatorName}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </details>
      ) : null}
    </div>
  );
}
