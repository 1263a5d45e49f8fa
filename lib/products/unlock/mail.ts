import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { MailPart } from "@/lib/mail/layout";
import { formatHowto, type HowtoPart } from "./instructions";

// The unlock delivery mail's own part (lib/mail/delivery-mail.ts): the supplier's instructions,
// which carry the unlock code, as paragraphs and numbered steps. The mail is sealed until sent.

export function unlockDeliveryParts(
  fulfillment: Record<string, unknown>,
  locale: Locale,
): { parts: MailPart[]; carriesSecret: boolean } {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail.unlock" });
  const howto = typeof fulfillment.instructions === "string" ? fulfillment.instructions.trim() : "";
  if (!howto) return { parts: [{ kind: "text", text: t("notReady") }], carriesSecret: false };
  const parts: MailPart[] = [{ kind: "text", text: t("intro") }];
  for (const block of formatHowto(howto)) {
    if (block.kind === "paragraph") parts.push({ kind: "text", text: block.parts.map(text).join("") });
    else parts.push({ kind: "steps", items: block.items.map((item) => item.map(text).join("")) });
  }
  parts.push({ kind: "note", text: t("simNote") });
  return { parts, carriesSecret: true };
}

const text = (part: HowtoPart): string => (typeof part === "string" ? part : part.code);
