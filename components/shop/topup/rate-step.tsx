import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import type { TopupChoice } from "./types";

const SERVICE_TITLES: Record<string, string> = { airtime: "Airtime", data: "Data", bundle: "Bundles" };

/**
 * Step 2: the operator's rates as radio choices (recipient amount; price, fee and total in the
 * shop's currency) and the optional SMS notice. A GET form like step 1: the choice lands in
 * the URL, so back, refresh and a second tab all show the same step.
 */
export function RateStep({ phone, choices, selected, sms, error }: { phone: string; choices: TopupChoice[]; selected?: string; sms: boolean; error?: string }) {
  if (choices.length === 0) {
    return <p className="rounded-xl border border-border bg-surface px-5 py-4 text-sm text-muted">This operator has no top-ups on offer right now. Please try again later.</p>;
  }
  const groups = new Map<string, TopupChoice[]>();
  for (const choice of choices) groups.set(choice.serviceType, [...(groups.get(choice.serviceType) ?? []), choice]);

  return (
    <form action="/topup" method="get" className="flex flex-col gap-6">
      <input type="hidden" name="phone" value={phone} />
      {error ? (
        <p role="alert" id="rate-error" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {[...groups.entries()].map(([serviceType, group]) => (
        <fieldset key={serviceType} className="flex flex-col gap-2" aria-describedby={error ? "rate-error" : undefined}>
          <legend className="mb-2 text-base font-semibold">{SERVICE_TITLES[serviceType] ?? serviceType}</legend>
          {group.map((choice) => (
            <label
              key={choice.token}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-brand"
            >
              <input type="radio" name="rate" value={choice.token} defaultChecked={choice.token === selected} required className="mt-1 size-4 accent-brand" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{choice.productName}</span>
                {choice.amountLocalMinor !== null && choice.currencyLocal ? (
                  <span className="block text-sm text-muted">Recipient gets {formatMoney(choice.amountLocalMinor, choice.currencyLocal)}</span>
                ) : null}
              </span>
              <span className="shrink-0 text-right">
                <span className="block font-semibold tabular-nums">{formatMoney(choice.totalMinor, choice.currency)}</span>
                <span className="block text-xs text-muted tabular-nums">
                  {formatMoney(choice.amountMinor, choice.currency)} + {formatMoney(choice.feeMinor, choice.currency)} fee
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" name="sms" value="1" defaultChecked={sms} className="mt-0.5 size-4 accent-brand" />
        <span>
          Send the recipient an SMS about the top-up
          <span className="block text-xs text-muted">A small fee is added; you see it on the next step before paying.</span>
        </span>
      </label>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          Continue to review
        </Button>
      </div>
    </form>
  );
}
