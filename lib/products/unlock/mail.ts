import type { MailPart } from "@/lib/mail/layout";
import { formatHowto, type HowtoPart } from "./instructions";

// The unlock delivery mail's own part (lib/mail/delivery-mail.ts): the supplier's instructions,
// which carry the unlock code, as paragraphs and numbered steps. The mail is sealed until sent.

export function unlockDeliveryParts(fulfillment: Record<string, unknown>): { parts: MailPart[]; carriesSecret: boolean } {
  const howto = typeof fulfillment.instructions === "string" ? fulfillment.instructions.trim() : "";
  if (!howto) return { parts: [{ kind: "text", text: "Your unlock is ready. Open your order page for the code and the steps." }], carriesSecret: false };
  const parts: MailPart[] = [{ kind: "text", text: "Your unlock code and how to enter it:" }];
  for (const block of formatHowto(howto)) {
    if (block.kind === "paragraph") parts.push({ kind: "text", text: block.parts.map(text).join("") });
    else parts.push({ kind: "steps", items: block.items.map((item) => item.map(text).join("")) });
  }
  parts.push({ kind: "note", text: "Insert a SIM card from another network before you enter the code; a wrong code entered too often can block the phone." });
  return { parts, carriesSecret: true };
}

const text = (part: HowtoPart): string => (typeof part === "string" ? part : part.code);
