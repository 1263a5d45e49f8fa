import { SlidersHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import type { PlanFilters as Filters } from "@/lib/products/esim/plan-filter";

const TYPES = [
  { value: "all", label: "All plans" },
  { value: "unlimited", label: "Unlimited" },
  { value: "limited", label: "Fixed data" },
] as const;

/**
 * The plan list's filters as a plain GET form (shareable, works before hydration): data type
 * as radio buttons, minimum data and validity, price order.
 */
export function PlanFilters({ action, filters, choices }: { action: string; filters: Filters; choices: { dataGb: number[]; days: number[] } }) {
  return (
    <form action={action} method="get" aria-label="Filter plans" className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4" data-testid="plan-filters">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Data</legend>
        <div className="flex flex-wrap gap-2">
          {TYPES.map((type) => (
            <label key={type.value} className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand">
              <input type="radio" name="type" value={type.value} defaultChecked={filters.type === type.value} className="accent-[var(--color-brand)]" />
              {type.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="plan-data" className="text-sm font-medium">
            At least
          </label>
          <Select id="plan-data" name="data" defaultValue={filters.minGb ?? ""}>
            <option value="">Any amount</option>
            {choices.dataGb.map((gb) => (
              <option key={gb} value={gb}>
                {gb} GB
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="plan-days" className="text-sm font-medium">
            Valid for at least
          </label>
          <Select id="plan-days" name="days" defaultValue={filters.minDays ?? ""}>
            <option value="">Any validity</option>
            {choices.days.map((days) => (
              <option key={days} value={days}>
                {days} {days === 1 ? "day" : "days"}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="plan-sort" className="text-sm font-medium">
            Sort by
          </label>
          <Select id="plan-sort" name="sort" defaultValue={filters.sort}>
            <option value="price-asc">Price: low to high</option>
            <option value="price-desc">Price: high to low</option>
          </Select>
        </div>
      </div>
      <Button type="submit" variant="secondary" className="w-full sm:w-auto sm:self-start">
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Show plans
      </Button>
    </form>
  );
}
