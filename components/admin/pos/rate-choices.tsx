"use client";

import type { PosRate } from "@/lib/admin/pos/types";
import { formatMoney } from "@/lib/money";
import { cn } from "@/lib/ui/cn";

/** A radio list of products at the shop's price (top-up rates, gift card values). */
export function RateChoices({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  choices: PosRate[];
  value: string | null;
  onChange: (token: string) => void;
}) {
  if (choices.length === 0) return <p className="text-sm text-muted">Nothing is on sale here right now.</p>;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid max-h-80 gap-2 overflow-y-auto pr-1 sm:grid-cols-2 xl:grid-cols-3">
        {choices.map((choice) => (
          <label
            key={choice.token}
            className={cn(
              "flex cursor-pointer items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand",
              value === choice.token ? "border-brand bg-brand-soft" : "border-border",
            )}
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name={name}
                value={choice.token}
                checked={value === choice.token}
                onChange={() => onChange(choice.token)}
                className="accent-brand"
              />
              {choice.label}
            </span>
            <span className="font-medium tabular-nums">{formatMoney(choice.totalMinor, choice.currency)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
