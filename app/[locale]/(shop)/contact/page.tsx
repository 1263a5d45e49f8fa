import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { supportAddress } from "@/lib/mail/links";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Contact" };

export default async function ContactPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const address = supportAddress();
  return (
    <InfoPage title="Contact" lead="We answer every message, usually within one working day.">
      <InfoSection id="write" title="Write to us">
        <p>
          Mail{" "}
          <a href={`mailto:${address}`} className="font-medium text-brand underline-offset-4 hover:underline">
            {address}
          </a>
          , or simply reply to any mail we sent you about your order.
        </p>
        <p>To help us answer at once, include:</p>
        <InfoList
          items={[
            "your order reference (on your receipt and at the top of your order page);",
            "what you expected and what happened (for example the message the phone shows);",
            "for an eSIM, your phone model; for an unlock, the phone model and network.",
          ]}
        />
        <p className="text-sm text-muted">Never send us a gift card code, an eSIM activation code or your password: we never ask for them.</p>
      </InfoSection>
      <InfoSection id="self-help" title="Often quicker">
        <InfoList
          items={[
            <>
              Your order page shows its live status and everything it delivered: open it from your receipt, or from <Link href="/account" prefetch={false} className="font-medium text-brand underline-offset-4 hover:underline">your account</Link>.
            </>,
            <>
              <Link href="/faq" className="font-medium text-brand underline-offset-4 hover:underline">Questions and answers</Link> and{" "}
              <Link href="/refunds" className="font-medium text-brand underline-offset-4 hover:underline">refund rules</Link>.
            </>,
          ]}
        />
      </InfoSection>
    </InfoPage>
  );
}
