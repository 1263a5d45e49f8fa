import type { MailPart } from "@/lib/mail/layout";
import { readImeiCheck } from "./lines";

// The IMEI check delivery mail's own part (lib/mail/delivery-mail.ts): the summary a buyer
// checks before paying for a second-hand phone. The full report (networks, history) stays on
// the order page; nothing here links to the checking service.

export function imeiCheckDeliveryParts(fulfillment: Record<string, unknown>): { parts: MailPart[]; carriesSecret: boolean } {
  const result = readImeiCheck(fulfillment);
  if (!result) return { parts: [{ kind: "text", text: "Your IMEI report is ready on your order page." }], carriesSecret: false };
  const { device, errors, report } = result;
  const name = [device?.brandName, device?.marketingName || device?.modelName].filter(Boolean).join(" ");
  const lines = [
    { label: "Device", value: name || "Not identified" },
    ...(device?.imei ? [{ label: "IMEI", value: device.imei }] : []),
    ...(report ? [{ label: "Blacklist", value: report.blacklisted ? "Blacklisted: reported lost or stolen" : "Clean: not reported lost or stolen" }] : []),
    ...(report ? [{ label: "Networks that block it", value: String(report.blackList.reduce((n, entry) => n + entry.networks.length, 0)) }] : []),
  ];
  const parts: MailPart[] = [{ kind: "lines", lines }];
  if (errors.length > 0) parts.push({ kind: "text", text: `The checking service could not recognise this IMEI: ${errors.map((e) => e.txt || e.code).filter(Boolean).join("; ") || "not recognised"}.` });
  if (!report && result.payment?.type === "P" && errors.length === 0) {
    parts.push({ kind: "note", text: "For this device the blacklist report is sold separately: this check is refunded, and your order page offers the full report." });
  } else if (!report) parts.push({ kind: "note", text: "Only the device data is in this report. Your order page says what it holds." });
  else parts.push({ kind: "note", text: "The networks, the white list and the history are on your order page." });
  return { parts, carriesSecret: false };
}
