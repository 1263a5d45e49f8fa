import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";

// How to install an eSIM, per phone family (wording of iOS 17 / Android 14 settings): one text
// for the order page (components/shop/orders/esim-install-steps.tsx) and the delivery mail
// (./mail.ts), so the two never disagree. The words are in the catalogs ("DeliveryEsimSteps"),
// in the buyer's language; the mail asks for English until it has a language of its own.

export type InstallSteps = { platform: "iphone" | "android"; title: string; steps: string[] };

export function esimInstallSteps({
  confirmationCodeRequired,
  onOrderPage,
  locale = "en",
}: {
  confirmationCodeRequired: boolean;
  onOrderPage: boolean;
  locale?: Locale;
}): InstallSteps[] {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "DeliveryEsimSteps" });
  const code = confirmationCodeRequired ? t("confirmationCode") : "";
  const oneTap = onOrderPage ? t("iphoneOneTapOrderPage") : t("iphoneOneTapMail");
  return [
    {
      platform: "iphone",
      // The families' names are brands: the same in every language.
      title: "iPhone",
      steps: [t("wifi"), t("iphoneScan", { oneTap }), t("iphoneSettings", { code }), t("iphoneLabel"), t("iphoneData")],
    },
    {
      platform: "android",
      title: "Android",
      steps: [t("wifi"), t("androidSettings"), t("androidScan", { code }), t("androidTurnOn"), t("androidRoaming")],
    },
  ];
}
