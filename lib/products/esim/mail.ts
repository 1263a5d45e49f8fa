import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { MailPart } from "@/lib/mail/layout";
import { appleInstallUrl } from "@/lib/validation/lpa";
import { esimInstallSteps } from "./install-steps";
import { esimInstall } from "./lines";

// The eSIM delivery mail's own part (lib/mail/delivery-mail.ts): everything needed to install
// without opening the shop: the QR code (drawn from exactly the LPA string, never the supplier's
// hosted image), the SM-DP+ address and activation code for manual entry, Apple's one-tap link
// (iOS 17.4+) and the steps. All of it is the credential: the mail is sealed until sent.

export function esimDeliveryParts(
  fulfillment: Record<string, unknown>,
  locale: Locale,
): { parts: MailPart[]; carriesSecret: boolean } {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail.esim" });
  const { activation, iccid } = esimInstall(fulfillment);
  if (!activation) {
    return { parts: [{ kind: "text", text: t("notReady") }], carriesSecret: false };
  }
  const parts: MailPart[] = [
    { kind: "text", text: t("install") },
    { kind: "qr", text: activation.lpa, alt: t("qrAlt") },
    {
      kind: "lines",
      lines: [
        { label: t("smdpAddress"), value: activation.smdpAddress },
        { label: t("matchingId"), value: activation.matchingId },
        { label: t("lpa"), value: activation.lpa },
        ...(iccid ? [{ label: "ICCID", value: iccid }] : []),
      ],
    },
    ...(activation.confirmationCodeRequired ? [{ kind: "note", text: t("confirmationCode") } as const] : []),
    { kind: "button", label: t("apple"), url: appleInstallUrl(activation.lpa) },
    ...esimInstallSteps({
      confirmationCodeRequired: activation.confirmationCodeRequired,
      onOrderPage: false,
      locale,
    }).map((family): MailPart => ({ kind: "steps", title: family.title, items: family.steps })),
  ];
  return { parts, carriesSecret: true };
}
