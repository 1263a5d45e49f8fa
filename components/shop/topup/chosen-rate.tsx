import { Link } from "@/lib/i18n/navigation";
import { formatMoney } from "@/lib/money";
import { recipientGets, shortProductName } from "./rate-card";
import type { TopupChoice } from "@/lib/products/topup/types";

/** The rate chosen before the number (browse flow), with a way back to change it. */
export function ChosenRate({ choice, operatorName, sms, changeHref }: { choice: TopupChoice; operatorName: string; sms: boolean; changeHref: string }) {
  const gets = recipientGets(choice);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface px-5 py-4 shadow-sm" data-testid="chosen-rate">
      <div className="min-w-0">
        <p className="font-semibold">{shortProductName(choice.productName, operatorName)}</p>
        <p className="text-sm text-muted">
          {gets ? `Recipient gets ${gets} · ` : ""}
          {formatMoney(choice.totalMinor, choice.currency)}
          {sms ? " · with SMS notice" : ""}
        </p>
      </div>
      <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
        Change
      </Link>
    </div>
  );
}
