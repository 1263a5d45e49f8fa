import Link from "next/link";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import type { BuyerPricing } from "@/components/shop/orders/order-view";
import { Card, CardTitle } from "@/components/ui/card";
import { formatMoney } from "@/lib/money";
import { PayForm, type PayFields, type PayState } from "./pay-form";
import type { TopupChoice } from "./types";

/** Step 3: what will be bought, the server's price breakdown, the email, and Pay. */
export function ReviewStep({
  choice,
  pricing,
  fields,
  changeHref,
  payAction,
  defaultEmail,
  signedIn,
}: {
  choice: TopupChoice;
  pricing: BuyerPricing;
  fields: PayFields;
  changeHref: string;
  payAction: (state: PayState, form: FormData) => Promise<PayState>;
  defaultEmail?: string;
  signedIn: boolean;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <CardTitle id="review-heading">Your top-up</CardTitle>
          <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            Change
          </Link>
        </div>
        <p className="font-medium">{choice.productName}</p>
        {choice.amountLocalMinor !== null && choice.currencyLocal ? (
          <p className="text-sm text-muted">Recipient gets {formatMoney(choice.amountLocalMinor, choice.currencyLocal)}</p>
        ) : null}
        <div className="mt-5">
          <PriceBreakdown pricing={pricing} amountLabel="Top-up amount" />
        </div>
      </Card>
      <Card>
        <CardTitle id="pay-heading" className="mb-4">
          Pay
        </CardTitle>
        <PayForm action={payAction} fields={fields} defaultEmail={defaultEmail} signedIn={signedIn} totalText={formatMoney(pricing.totalMinor, pricing.currency)} />
      </Card>
    </div>
  );
}
