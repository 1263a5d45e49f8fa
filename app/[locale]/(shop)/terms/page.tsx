import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { SHOP_NAME } from "@/lib/products";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Terms of sale" };

export default async function TermsPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return (
    <InfoPage title="Terms of sale" lead={`The terms on which ${SHOP_NAME} sells mobile top-ups, travel eSIMs, gift cards, device unlocks and IMEI checks.`} updated="26 November 2026">
      <InfoSection id="what" title="What we sell">
        <p>
          {SHOP_NAME} resells digital products supplied by mobile operators, eSIM providers, gift card brands and unlocking services. Each product page says what you get, where it works
          and, for unlocks, how long delivery is guaranteed to take.
        </p>
      </InfoSection>
      <InfoSection id="prices" title="Prices and payment">
        <InfoList
          items={[
            "Prices are shown in full before you pay: the product, our service fee and any SMS notice, with the total you pay.",
            "The price you confirm is the price you pay. If a supplier's price changes after you paid, we deliver at the price you paid or refund you in full; we never charge you more.",
            "Your order is placed with the supplier only after your payment is confirmed.",
          ]}
        />
      </InfoSection>
      <InfoSection id="delivery" title="Delivery">
        <p>
          Products are delivered on your order page and by mail to the address you give. Keep your receipt: as a guest, its link is how you reach your order. Delivery times are those
          shown on the product page; an unlock&apos;s guaranteed time starts when the order is placed.
        </p>
      </InfoSection>
      <InfoSection id="your-part" title="What we ask of you">
        <InfoList
          items={[
            "Give the right phone number, IMEI and destination: a top-up or unlock for a wrong number or IMEI cannot be reversed.",
            "Check that your phone is compatible (eSIM support, not carrier-locked) before you buy an eSIM.",
            "Keep delivered codes private: anyone who has a gift card or eSIM code can use it.",
          ]}
        />
      </InfoSection>
      <InfoSection id="withdrawal" title="Cancellation and refunds">
        <p>
          Digital products delivered at your request cannot be returned once delivered. What can be cancelled, and when you are refunded, is set out per product in our{" "}
          <Link href="/refunds" className="font-medium text-brand underline-offset-4 hover:underline">refund rules</Link>.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
