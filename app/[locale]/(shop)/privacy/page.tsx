import type { Metadata } from "next";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { SHOP_NAME } from "@/lib/products";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Privacy" };

export default async function PrivacyPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return (
    <InfoPage title="Privacy" lead={`What ${SHOP_NAME} keeps about you, why, and for how long.`} updated="26 November 2026">
      <InfoSection id="what" title="What we keep">
        <InfoList
          items={[
            "Your email address, to send your receipt, your delivery and the link to your order.",
            "What each order needs: the phone number you top up, the IMEI you unlock or check, the eSIM destination, and what was delivered.",
            "With an account: your name if you give it, a hash of your password (never the password itself), the numbers you save and their labels.",
            "For security: the time of sign-ins and limits on repeated attempts, kept without your address in the clear.",
          ]}
        />
      </InfoSection>
      <InfoSection id="why" title="Why">
        <p>
          Only to sell and deliver what you order, to help you when you contact us, and to keep the shop safe. We do not sell your data and do not use it for advertising.
        </p>
      </InfoSection>
      <InfoSection id="who" title="Who else sees it">
        <InfoList
          items={[
            "The supplier of your product receives what it needs to deliver it (the number to top up, the IMEI to unlock or check).",
            "Our payment provider handles your card; we never see or keep card numbers.",
          ]}
        />
      </InfoSection>
      <InfoSection id="safety" title="How we protect it">
        <p>
          Delivered codes (gift card codes, eSIM activation codes, unlock instructions) are stored encrypted and shown only on your order page. Mails that carry a one-time link or
          code are kept encrypted until sent and not kept afterwards.
        </p>
      </InfoSection>
      <InfoSection id="rights" title="Your choices">
        <p>You can change your email address and password in your account settings, and ask us by mail for a copy of your data or for its deletion, subject to what the law requires us to keep for accounting.</p>
      </InfoSection>
    </InfoPage>
  );
}
