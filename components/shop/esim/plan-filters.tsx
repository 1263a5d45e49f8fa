import { useLocale, useTranslations } from "next-intl";
import { SlidersHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import type { PlanFilters as Filters } from "@/lib/products/esim/plan-filter";
import { decimalText } from "./esim-text";

/** The data types; each is also its label's key in the "EsimFilters" messages. */
const TYPES = ["all", "unlimited", "limited"] as const;

/**
 * The plan list's filters as a plain GET form (shareable, works before hydration): data type
 * as radio buttons, minimum data and validity, price order.
 */
export function PlanFilters({
  action,
  filters,
  choices,
}: {
  action: string;
  filters: Filters;
  choices: { dataGb: number[]; days: number[] };
}) {
  const t = useTranslations("EsimFilters");
  const locale = useLocale();
  return (
    <form
      action={action}
      method="get"
      aria-label={t("label")}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4"
      data-testid="plan-filters"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("data")}</legend>
        <div className="flex flex-wrap gap-2">
          {TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand"
            >
              <input
                type="radio"
                name="type"
                value={type}
                defaultChecked={filters.type === type}
                className="accent-[var(--color-brand)]"
              />
              {t(type)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="plan-data" className="text-sm font-medium">
            {t("atLeast")}
          </label>
          <Select id="plan-data" name="data" defaultValue={filters.minGb ?? ""}>
            <option value="">{t("anyAmount")}</option>
            {choices.dataGb.map((gb) => (
              <option key={gb} value={gb}>
                {t("gb", { gb: decimalText(String(gb), locale) })}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="plan-days" className="text-sm font-medium">
            {t("validAtLeast")}
          </label>
          <Select id="plan-days" name="days" defaultValue={filters.minDays ?? ""}>
            <option value="">{t("anyValidity")}</option>
            {choices.days.map((days) => (
              <option key={days} value={days}>
                {t("days", { days })}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="plan-sort" className="text-sm font-medium">
            {t("sortBy")}
          </label>
          <Select id="plan-sort" name="sort" defaultValue={filters.sort}>
            <option value="price-asc">{t("priceAsc")}</option>
            <option value="price-desc">{t("priceDesc")}</option>
          </Select>
        </div>
      </div>
      <Button type="submit" variant="secondary" className="w-full sm:w-auto sm:self-start">
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        {t("show")}
      </Button>
    </form>
  );
}
