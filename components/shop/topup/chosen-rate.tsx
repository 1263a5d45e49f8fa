import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { recipientGets, shortProductName } from "./rate-card";
import type { TopupChoice } from "@/lib/products/topup/types";

/** The rate chosen before the number (browse flow), with a way back to change it. */
export function ChosenRate({
  choice,
  operatorName,
  sms,
  changeHref,
  locale,
}: {
  choice: TopupChoice;
  operatorName: string;
  sms: boolean;
  changeHref: string;
  locale: Locale;
}) {
  const t = useTranslations("Topup");
  const gets = recipientGets(choice, locale);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface px-5 py-4 shadow-sm"
      data-testid="chosen-rate"
    >
      <div className="min-w-0">
        <p className="font-semibold">{shortProductName(choice.productName, operatorName)}</p>
        <p className="text-sm text-muted">
          {gets ? `${t("recipientGets", { amount: gets })} · ` : ""}
          {moneyText(choice.totalMinor, choice.currency, locale)}
          {sms ? ` · ${t("withSms")}` : ""}
        </p>
      </div>
      <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
        {t("change")}
      </Link>
    </div>
  );
}
