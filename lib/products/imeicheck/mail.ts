import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import { messagesFor } from "@/lib/i18n/messages";
import type { MailPart } from "@/lib/mail/layout";
import { readImeiCheck } from "./lines";

// The IMEI check delivery mail's own part (lib/mail/delivery-mail.ts): the summary a buyer
// checks before paying for a second-hand phone. The full report (networks, history) stays on
// the order page; nothing here links to the checking service.

export function imeiCheckDeliveryParts(
  fulfillment: Record<string, unknown>,
  locale: Locale,
): { parts: MailPart[]; carriesSecret: boolean } {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "Mail.imeicheck" });
  const result = readImeiCheck(fulfillment);
  if (!result) return { parts: [{ kind: "text", text: t("notReady") }], carriesSecret: false };
  const { device, errors, report } = result;
  const name = [device?.brandName, device?.marketingName || device?.modelName].filter(Boolean).join(" ");
  const lines = [
    { label: t("device"), value: name || t("notIdentified") },
    ...(device?.imei ? [{ label: "IMEI", value: device.imei }] : []),
    ...(report ? [{ label: t("blacklist"), value: report.blacklisted ? t("blacklisted") : t("clean") }] : []),
    ...(report
      ? [
          {
            label: t("blockingNetworks"),
            value: String(report.blackList.reduce((n, entry) => n + entry.networks.length, 0)),
          },
        ]
      : []),
  ];
  const parts: MailPart[] = [{ kind: "lines", lines }];
  if (errors.length > 0)
    parts.push({
      kind: "text",
      text: t("notRecognised", {
        errors:
          errors
            .map((e) => e.txt || e.code)
            .filter(Boolean)
            .join("; ") || t("notRecognisedPlain"),
      }),
    });
  if (!report && result.payment?.type === "P" && errors.length === 0) {
    parts.push({ kind: "note", text: t("soldSeparately") });
  } else if (!report) parts.push({ kind: "note", text: t("deviceOnly") });
  else parts.push({ kind: "note", text: t("more") });
  return { parts, carriesSecret: false };
}
