import { useLocale, useTranslations } from "next-intl";
import { ListLink } from "@/components/shop/list-link";
import { moneyText } from "@/lib/i18n/formats";
import { destinationSymbol } from "@/lib/products/esim/destination";
import type { EsimDestinationSummary } from "@/lib/products/esim/types";

/** Destinations as links to their plans: flag (or region symbol), name, "from" price. */
export function DestinationGrid({ destinations, testId }: { destinations: EsimDestinationSummary[]; testId: string }) {
  const t = useTranslations("Esim");
  const locale = useLocale();
  return (
    <ul className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid={testId}>
      {destinations.map((d) => (
        <li key={d.code}>
          <ListLink
            href={`/esim/${d.code}`}
            className="flex h-full items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 transition hover:border-brand hover:shadow-sm"
          >
            <span aria-hidden="true" className="text-2xl leading-none">
              {destinationSymbol(d.code)}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block leading-snug font-medium">{d.name}</span>
              <span className="block text-xs text-muted">
                {d.fromMinor !== null
                  ? t("fromPrice", { price: moneyText(d.fromMinor, d.currency, locale) })
                  : t("seePlans")}
                {d.coverage !== "COUNTRY" && d.countries.length > 1 ? (
                  <> · {t("countryCount", { count: d.countries.length })}</>
                ) : null}
              </span>
            </span>
          </ListLink>
        </li>
      ))}
    </ul>
  );
}
