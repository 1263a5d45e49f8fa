import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { EsimDelivery } from "@/components/shop/orders/esim-delivery";
import { GiftcardDelivery } from "@/components/shop/orders/giftcard-delivery";
import { ImeiCheckReport } from "@/components/shop/orders/imeicheck-report";
import { PayNowForm } from "@/components/shop/orders/pay-now-form";
import { UnlockOrderSection } from "@/components/shop/orders/unlock-order-section";
import { SaveNumberForm } from "@/components/shop/account/save-number-form";
import type { Order } from "@/lib/db/generated/sqlite/client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { db } from "@/lib/db";
import { deviceKindOf } from "@/lib/http/device";
import { moneyText } from "@/lib/i18n/formats";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { Link } from "@/lib/i18n/navigation";
import { requestCurrency } from "@/lib/i18n/page-currency";
import { fullReportOfferFor } from "@/lib/products/imeicheck/full-report-offer";
import { esimDeliveryUsage } from "@/lib/products/esim/delivery";
import { imeiCheckPrice } from "@/lib/products/imeicheck/price";
import { PRODUCT_MODULES } from "@/lib/products/registry";
import { formatPhone } from "@/lib/validation/phone";
import { saveNumberAction } from "../../account/saved-numbers-actions";
import { revealGiftcardCodeAction } from "./giftcard-actions";
import { buyFullReportAction } from "./imeicheck-actions";
import { cancelUnlockAction, checkUnlockNowAction } from "./unlock-actions";

// Each product's own parts of the order page, looked up by the order's product type (one entry
// per ProductType: the compiler names a missing one). The page draws what every product shares;
// the rows of "What you bought" and a plain delivery card come from the product's module
// (lib/products/<product>/module.ts).

/** The order as the page shows it: its fulfillment already opened for its buyer. */
export type SectionProps = { order: Order; locale: Locale; userId: string | null };
type Section = ((props: SectionProps) => ReactNode | Promise<ReactNode>) | null;

export type OrderSections = {
  /** The product's delivery section, under the status; null when its delivery is plain rows. */
  delivery: Section;
  /** What the product adds under "What you bought"; null when nothing. */
  bought: Section;
};

export const ORDER_SECTIONS = {
  topup: { delivery: null, bought: TopupSaveNumber },
  esim: {
    delivery: async ({ order }) => (
      <EsimDelivery
        order={order}
        usage={await esimDeliveryUsage(db, order)}
        device={deviceKindOf((await headers()).get("user-agent"))}
      />
    ),
    bought: null,
  },
  giftcard: {
    // The code is shown only on request, and its first reveal recorded (lib/products/giftcard/reveal.ts).
    delivery: ({ order }) => {
      const { redemption, revealedAt } = PRODUCT_MODULES.giftcard.fulfilment.read(order.fulfillment);
      return (
        <GiftcardDelivery
          ready={order.status === "fulfilled" && redemption !== null}
          revealedAt={revealedAt}
          detail={order.detail}
          revealAction={revealGiftcardCodeAction.bind(null, order.ref)}
        />
      );
    },
    bought: null,
  },
  unlock: {
    delivery: ({ order }) => (
      <UnlockOrderSection
        order={order}
        cancelAction={cancelUnlockAction.bind(null, order.ref)}
        checkNowAction={checkUnlockNowAction.bind(null, order.ref)}
      />
    ),
    bought: null,
  },
  imeicheck: { delivery: ImeiCheckSection, bought: null },
} satisfies Record<ProductType, OrderSections>;

/** A check whose device's report is sold separately offers the full report at the shop's price. */
async function ImeiCheckSection({ order, locale }: SectionProps) {
  const t = await getTranslations({ locale, namespace: "Order" });
  const price = fullReportOfferFor(order, order.fulfillment)
    ? await imeiCheckPrice(db, { fullReport: true, currency: await requestCurrency() })
    : null;
  return (
    <ImeiCheckReport
      fulfillment={order.fulfillment}
      orderRef={order.ref}
      fullReportOffer={
        price ? (
          <div className="mt-3" data-testid="imeicheck-full-report-offer">
            <PayNowForm
              action={buyFullReportAction.bind(null, order.ref)}
              label={t("buyFullReport", { price: moneyText(price.totalMinor, price.currency, locale) })}
              pendingText={t("openingPayment")}
              hidden={{ expectedTotalMinor: String(price.totalMinor) }}
              wide={false}
            />
          </div>
        ) : null
      }
    />
  );
}

/** A signed-in buyer's top-up to a number they have not saved yet: offer to save it. */
async function TopupSaveNumber({ order, locale, userId }: SectionProps) {
  const phone = userId && order.userId === userId ? PRODUCT_MODULES.topup.detail.read(order.detail)?.phone : undefined;
  if (!phone || !userId) return null;
  const t = await getTranslations({ locale, namespace: "Order" });
  const savedAs = await db.savedNumber.findUnique({
    where: { userId_phone: { userId, phone } },
    select: { label: true },
  });
  return (
    <div className="mt-4 border-t border-border pt-4" data-testid="save-number">
      {savedAs ? (
        <p className="text-sm text-muted">
          {t("savedAs", { label: savedAs.label })}{" "}
          <Link href="/account" className="font-medium text-brand underline-offset-4 hover:underline">
            {t("savedNumbers")}
          </Link>
        </p>
      ) : (
        <SaveNumberForm
          save={saveNumberAction}
          phone={phone}
          formattedPhone={formatPhone(phone)}
          idPrefix="order-save"
        />
      )}
    </div>
  );
}
