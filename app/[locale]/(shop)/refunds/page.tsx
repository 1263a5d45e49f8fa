import type { Metadata } from "next";
import { Link } from "@/lib/i18n/navigation";
import { InfoList, InfoPage, InfoSection } from "@/components/shop/info/info-page";
import { enterLocale } from "@/lib/i18n/locale-param";

export const metadata: Metadata = { title: "Refunds and cancellations" };

// The refund rules follow what the two suppliers allow (shared/spec: a placed unlock can be
// cancelled for 10 minutes; a failed or unavailable order is refunded) and what the order core
// does (docs/orders.md: an order that fails after payment is refunded automatically).
export default async function RefundsPage({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return (
    <InfoPage title="Refunds and cancellations" lead="What you can cancel, what comes back to you automatically, and what cannot be returned once it is delivered, for each product." updated="26 November 2026">
      <InfoSection id="automatic" title="Automatic refunds">
        <p>
          If we cannot deliver what you paid for (the operator refuses the number, a plan is out of stock, no unlock code exists for your phone), we refund the full amount you paid
          to the way you paid, without you asking. Your order page and a mail tell you when the refund is made; your bank usually shows it within a few days.
        </p>
      </InfoSection>
      <InfoSection id="topup" title="Mobile top-ups">
        <InfoList
          items={[
            "A top-up is sent to the operator at once and cannot be cancelled or taken back once the operator credits the number.",
            "Check the number carefully: we ask you to type it twice. A top-up sent to a wrong but valid number cannot be refunded.",
            "If the operator refuses the top-up, you get your money back automatically.",
          ]}
        />
      </InfoSection>
      <InfoSection id="esim" title="Travel eSIMs">
        <InfoList
          items={[
            "An eSIM is delivered as a QR code and activation code. Once delivered it cannot be returned, because it can be installed by whoever has the code.",
            "Check before you buy that your phone supports eSIM and is not locked to a carrier.",
            "If an eSIM cannot be issued, you get your money back automatically. If it cannot be installed because of a fault on our side or the network's, contact us with your order reference.",
          ]}
        />
      </InfoSection>
      <InfoSection id="giftcard" title="Gift cards">
        <InfoList
          items={[
            "A gift card code is money: once delivered it cannot be returned or exchanged.",
            "If a card cannot be delivered, you get your money back automatically.",
            "If a delivered code is refused by the brand when you first redeem it, contact us with your order reference before you try again.",
          ]}
        />
      </InfoSection>
      <InfoSection id="unlock" title="Device unlocks">
        <InfoList
          items={[
            "You can cancel an unlock order from its order page within 10 minutes of placing it, while the supplier has not delivered the code. The full amount comes back to you.",
            "If no unlock code is available for your phone, or the supplier cannot process it, you get your money back automatically.",
            "Once the code is delivered it cannot be cancelled. If the code does not work, follow the instructions on the order page exactly and contact us if it still fails.",
          ]}
        />
      </InfoSection>
      <InfoSection id="imeicheck" title="IMEI checks">
        <InfoList items={["An IMEI check runs as soon as you pay and cannot be cancelled.", "If the checking service cannot recognise the IMEI, you get your money back automatically."]} />
      </InfoSection>
      <p className="text-sm text-muted">
        Questions about a refund? <Link href="/contact" className="font-medium text-brand underline-offset-4 hover:underline">Contact us</Link> with your order reference.
      </p>
    </InfoPage>
  );
}
