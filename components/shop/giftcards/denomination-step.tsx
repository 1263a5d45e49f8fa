import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { moneyText } from "@/lib/i18n/formats";
import { formatFaceValue } from "@/lib/products/giftcard/face-value";
import type { GiftcardDenomination } from "@/lib/products/giftcard/types";

/**
 * The card values as radio choices: the face value, and what the buyer pays for it (amount +
 * fee = total, in the shop's currency). A GET form: the choice lands in the URL, so back,
 * refresh and a second tab show the same step.
 */
export function DenominationStep({
  action,
  denominations,
  selected,
  error,
}: {
  action: string;
  denominations: GiftcardDenomination[];
  selected?: string;
  error?: string;
}) {
  const t = useTranslations("GiftcardBuy");
  const locale = useLocale();
  return (
    <form action={action} method="get" className="flex flex-col gap-5">
      {error ? (
        <p role="alert" id="denomination-error" className="rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-3" aria-describedby={error ? "denomination-error" : undefined}>
        <legend className="mb-3 text-base font-semibold">{t("cardValue")}</legend>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
          {denominations.map((d) => {
            const face =
              d.faceValueMinor !== null && d.faceCurrency
                ? formatFaceValue(d.faceValueMinor, d.faceCurrency, locale)
                : d.productName;
            return (
              <label
                key={d.token}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand"
              >
                <input
                  type="radio"
                  name="denomination"
                  value={d.token}
                  defaultChecked={d.token === selected}
                  required
                  className="mt-1.5 size-4 accent-brand"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-xl font-bold tabular-nums">{face}</span>
                  <span className="block text-sm">
                    <span className="sr-only">{t("price")}</span>
                    <span className="font-semibold tabular-nums">{moneyText(d.totalMinor, d.currency, locale)}</span>
                  </span>
                  <span className="block text-xs text-muted tabular-nums">
                    {t("priceParts", {
                      amount: moneyText(d.amountMinor, d.currency, locale),
                      fee: moneyText(d.feeMinor, d.currency, locale),
                    })}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {t("continue")}
        </Button>
      </div>
    </form>
  );
}
