import { useLocale, useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/navigation";
import { ClientMessages } from "@/components/client-messages";
import { PriceBreakdown } from "@/components/shop/orders/price-breakdown";
import type { BuyerPricing } from "@/lib/orders/buyer-view";
import { Card, CardTitle } from "@/components/ui/card";
import { moneyText } from "@/lib/i18n/formats";
import { formatFaceValue } from "@/lib/products/giftcard/face-value";
import { GiftcardPayForm, type GiftcardPayFields, type GiftcardPayState } from "./pay-form";
import type { GiftcardBrandDetail, GiftcardDenomination } from "@/lib/products/giftcard/types";

/** The review: the card chosen, the server's price breakdown, the email, and Pay. */
export function GiftcardReviewStep({
  brand,
  denomination,
  pricing,
  fields,
  changeHref,
  payAction,
  defaultEmail,
  signedIn,
}: {
  brand: GiftcardBrandDetail;
  denomination: GiftcardDenomination;
  pricing: BuyerPricing;
  fields: GiftcardPayFields;
  changeHref: string;
  payAction: (state: GiftcardPayState, form: FormData) => Promise<GiftcardPayState>;
  defaultEmail?: string;
  signedIn: boolean;
}) {
  const t = useTranslations("GiftcardBuy");
  const locale = useLocale();
  const face =
    denomination.faceValueMinor !== null && denomination.faceCurrency
      ? formatFaceValue(denomination.faceValueMinor, denomination.faceCurrency, locale)
      : null;
  return (
    <div className="flex flex-col gap-5">
      <Card>
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <CardTitle id="review-heading">{t("yourCard")}</CardTitle>
          <Link href={changeHref} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            {t.rich("change", { hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
          </Link>
        </div>
        <p className="font-medium" data-testid="review-card">
          {brand.name} {face ?? ""} · {brand.countryName}
        </p>
        {brand.worksIn ? <p className="mt-1 text-sm text-muted">{brand.worksIn}</p> : null}
        <div className="mt-5">
          <PriceBreakdown pricing={pricing} amountLabel={face ? t("cardAmount", { face }) : t("cardValue")} />
        </div>
      </Card>
      <Card>
        <CardTitle id="pay-heading" className="mb-4">
          {t("pay")}
        </CardTitle>
        <ClientMessages locale={locale} namespaces={["Checkout"]}>
          <GiftcardPayForm
            action={payAction}
            fields={fields}
            defaultEmail={defaultEmail}
            hint={signedIn ? t("hintSignedIn") : t("hintGuest")}
            totalText={moneyText(pricing.totalMinor, pricing.currency, locale)}
          />
        </ClientMessages>
      </Card>
    </div>
  );
}
