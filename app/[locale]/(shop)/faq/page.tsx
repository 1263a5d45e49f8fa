import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Questions and answers" };

const QUESTIONS: Array<{ q: string; a: React.ReactNode }> = [
  { q: "Do I need an account?", a: "No. You can buy as a guest with your email address: we mail your receipt and the link to your order. With an account you see all your orders in one place, save the numbers you top up, and buy again in two taps." },
  { q: "I closed the page. Where is my order?", a: "Open the receipt we mailed you: its button opens your order page. If you have an account, your orders are under Account." },
  { q: "How fast is delivery?", a: "Top-ups, eSIMs, gift cards and IMEI checks are usually delivered within a minute. Unlock codes take the time shown for the service you choose, from minutes to a few days." },
  { q: "Which phones support eSIM?", a: "Most iPhones from the XS and XR on, Google Pixel 3 and later, and recent Samsung Galaxy S, Z and A models. Dial *#06#: if your phone shows an EID, it supports eSIM. It must also not be locked to a carrier." },
  { q: "How do I install my eSIM?", a: "On an iPhone with iOS 17.4 or later, tap “Install on this iPhone” on your order page. Otherwise scan the QR code from another screen, or enter the SM-DP+ address and activation code by hand; the order page and the delivery mail have the steps for iPhone and Android." },
  { q: "The top-up went to the wrong number. Can I get it back?", a: "No: once an operator credits a number it cannot be reversed. That is why we ask you to type the number twice before you pay." },
  { q: "Is my gift card code safe?", a: "The code is kept encrypted and shown only on your order page when you tap “Reveal code”. Do not share it: anyone who has it can spend it." },
  { q: "What does an IMEI check tell me?", a: "Whether a phone is reported lost or stolen (blacklisted), which networks block or accept it, and its history where known. Check a second-hand phone before you pay for it." },
  { q: "Which payment methods do you take?", a: "Cards through our payment provider. You always see the full price, fees included, before you pay." },
];

export default async function FaqPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return (
    <InfoPage title="Questions and answers" lead="The questions buyers ask us most. Not answered here? Contact us.">
      <InfoSection title="Buying and delivery">
        <dl className="flex flex-col gap-5">
          {QUESTIONS.map(({ q, a }) => (
            <div key={q}>
              <dt className="font-semibold">{q}</dt>
              <dd className="mt-1 text-muted">{a}</dd>
            </div>
          ))}
        </dl>
      </InfoSection>
      <p className="text-sm text-muted">
        Refunds and cancellations, per product: <Link href="/refunds" className="font-medium text-brand underline-offset-4 hover:underline">our refund rules</Link>.
      </p>
    </InfoPage>
  );
}
