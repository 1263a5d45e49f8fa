import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { MailPart } from "@/lib/mail/layout";
import { giftcardRedeemHelp } from "./lines";

// The gift card delivery mail's own part (lib/mail/delivery-mail.ts). Whether the code itself goes
// into mail is a staff setting (./mail-setting.ts, off by default): without it, the mail says where
// to redeem and sends the buyer to the order page, where the code is revealed (and its reveal
// recorded). The supplier's redemption link is never put in mail: it is on the supplier's own host
// (docs/storefront.md, "Across the shop"); how to redeem comes from the brand's catalog entry.

export function giftcardDeliveryParts(
  fulfillment: Record<string, unknown>,
  detail: unknown,
  { codesInMail, orderUrl, locale }: { codesInMail: boolean; orderUrl: string; locale: Locale },
): { parts: MailPart[]; carriesSecret: boolean } {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail.giftcard" });
  const code =
    typeof fulfillment.redemptionCode === "string" && fulfillment.redemptionCode.trim()
      ? fulfillment.redemptionCode.trim()
      : null;
  const { worksIn, instructions } = giftcardRedeemHelp(detail);

  const parts: MailPart[] = [];
  if (codesInMail && code) {
    parts.push({ kind: "text", text: t("codeBelow") });
    parts.push({ kind: "lines", lines: [{ label: t("code"), value: code }] });
  } else {
    parts.push({ kind: "text", text: t("waiting") });
    parts.push({ kind: "button", label: t("reveal"), url: `${orderUrl}#delivery-heading` });
  }
  if (worksIn || instructions) {
    parts.push({
      kind: "lines",
      lines: [
        ...(worksIn ? [{ label: t("worksIn"), value: worksIn }] : []),
        ...(instructions ? [{ label: t("howToRedeem"), value: instructions }] : []),
      ],
    });
  }
  return { parts, carriesSecret: codesInMail && code !== null };
}
