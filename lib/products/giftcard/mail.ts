import type { MailPart } from "@/lib/mail/layout";
import { giftcardRedeemHelp } from "./lines";

// The gift card delivery mail's own part (lib/mail/delivery-mail.ts). Whether the code itself
// goes into mail is a staff setting (./mail-setting.ts, off by default): without it, the mail
// says where to redeem and sends the buyer to the order page, where the code is revealed (and
// its reveal recorded). The supplier's redemption link is never put in mail: it is on the
// supplier's own host (issue [15]); how to redeem comes from the brand's catalog entry.

export function giftcardDeliveryParts(
  fulfillment: Record<string, unknown>,
  detail: unknown,
  { codesInMail, orderUrl }: { codesInMail: boolean; orderUrl: string },
): { parts: MailPart[]; carriesSecret: boolean } {
  const code = typeof fulfillment.redemptionCode === "string" && fulfillment.redemptionCode.trim() ? fulfillment.redemptionCode.trim() : null;
  const { worksIn, instructions } = giftcardRedeemHelp(detail);

  const parts: MailPart[] = [];
  if (codesInMail && code) {
    parts.push({ kind: "text", text: "Your gift card code is below. Treat it like cash: anyone who has it can spend it." });
    parts.push({ kind: "lines", lines: [{ label: "Code", value: code }] });
  } else {
    parts.push({ kind: "text", text: "Your code is waiting on your order page: tap “Reveal code” there to see it and copy it. We do not put codes in mail, where anyone who reads your inbox could spend them." });
    parts.push({ kind: "button", label: "Reveal your code", url: `${orderUrl}#delivery-heading` });
  }
  if (worksIn || instructions) {
    parts.push({ kind: "lines", lines: [...(worksIn ? [{ label: "Works in", value: worksIn }] : []), ...(instructions ? [{ label: "How to redeem", value: instructions }] : [])] });
  }
  return { parts, carriesSecret: codesInMail && code !== null };
}
