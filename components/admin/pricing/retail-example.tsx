"use client";

import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { decimalToMinor, formatMoney } from "@/lib/money";
import { marginMinor } from "@/lib/pricing/retail";

// The live example under each margin form: what a product of the given upstream cost sells
// for with the margin as typed (not yet saved), by the same rounding rule every quote uses
// (lib/pricing/retail.ts). Unparseable input shows a hint instead of a wrong number.

function parsePercent(text: string): number | null {
  return /^\d{1,4}(\.\d{1,4})?$/.test(text.trim()) && Number(text) <= 1000 ? Number(text) : null;
}

function parseMinor(text: string): number | null {
  try {
    const minor = decimalToMinor(text.trim(), 2);
    return minor >= 0 ? minor : null;
  } catch {
    return null;
  }
}

export function RetailExample({
  productType,
  percentText,
  fixedText,
  currency,
}: {
  productType: string;
  percentText: string;
  fixedText: string;
  currency: string;
}) {
  const [costText, setCostText] = useState("10.00");
  const id = useId();
  const percent = parsePercent(percentText);
  const fixedMinor = parseMinor(fixedText);
  const costMinor = parseMinor(costText);
  const valid = percent !== null && fixedMinor !== null && costMinor !== null;
  const margin = valid ? marginMinor(costMinor, { percent, fixedMinor }) : 0;
  return (
    <div className="rounded-lg border border-dashed border-border bg-surface-muted p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="font-medium">
          Example upstream cost ({currency})
        </label>
        <Input
          id={id}
          className="h-8 w-28"
          inputMode="decimal"
          value={costText}
          onChange={(e) => setCostText(e.target.value)}
        />
      </div>
      <p className="mt-2" aria-live="polite" data-testid={`${productType}-example`}>
        {valid
          ? `Costs ${formatMoney(costMinor, currency)} → sells for ${formatMoney(costMinor + margin, currency)} (margin ${formatMoney(margin, currency)}).`
          : "Enter a valid margin and cost to see the retail price."}
      </p>
    </div>
  );
}
