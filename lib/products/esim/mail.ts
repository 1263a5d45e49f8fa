import type { MailPart } from "@/lib/mail/layout";
import { appleInstallUrl } from "@/lib/validation/lpa";
import { esimInstallSteps } from "./install-steps";
import { esimInstall } from "./lines";

// The eSIM delivery mail's own part (lib/mail/delivery-mail.ts): everything needed to install
// without opening the shop: the QR code (drawn from exactly the LPA string, never the supplier's
// hosted image), the SM-DP+ address and activation code for manual entry, Apple's one-tap link
// (iOS 17.4+) and the steps. All of it is the credential: the mail is sealed until sent.

export function esimDeliveryParts(fulfillment: Record<string, unknown>): { parts: MailPart[]; carriesSecret: boolean } {
  const { activation, iccid } = esimInstall(fulfillment);
  if (!activation) {
    return { parts: [{ kind: "text", text: "Your eSIM is ready. Open your order page for its QR code and the steps to install it." }], carriesSecret: false };
  }
  const parts: MailPart[] = [
    { kind: "text", text: "Install your eSIM before you travel, on Wi-Fi: scan this QR code with the phone you travel with (show it on another screen), or use one of the ways below. Most eSIMs install only once: do not delete it from the phone afterwards." },
    { kind: "qr", text: activation.lpa, alt: "QR code of your eSIM: scan it with your phone's camera or in its eSIM settings" },
    {
      kind: "lines",
      lines: [
        { label: "SM-DP+ address", value: activation.smdpAddress },
        { label: "Activation code", value: activation.matchingId },
        { label: "Full activation code (LPA)", value: activation.lpa },
        ...(iccid ? [{ label: "ICCID", value: iccid }] : []),
      ],
    },
    ...(activation.confirmationCodeRequired ? [{ kind: "note", text: "This eSIM also asks for a confirmation code when you install it: it is sent to you separately." } as const] : []),
    { kind: "button", label: "Install on iPhone (iOS 17.4 or later)", url: appleInstallUrl(activation.lpa) },
    ...esimInstallSteps({ confirmationCodeRequired: activation.confirmationCodeRequired, onOrderPage: false }).map((family): MailPart => ({ kind: "steps", title: family.title, items: family.steps })),
  ];
  return { parts, carriesSecret: true };
}
