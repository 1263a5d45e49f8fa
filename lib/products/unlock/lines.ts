import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { SUFFIX_FORMATS, SUFFIX_FLAGS } from "@/lib/validation/imei";
import { readUnlockDetail } from "./detail";

// What the buyer sees of an unlock order: only what a buyer may see, and a malformed detail
// degrades to "not shown". Suffix VALUES (a phone PIN among them) are never shown back.

/** "What you bought" rows for an unlock order. */
export function unlockPurchaseLines(detail: unknown): PurchaseLine[] {
  const d = readUnlockDetail(detail);
  const lines: PurchaseLine[] = [];
  const u = d.unlock;
  if (u?.deviceName) lines.push({ label: "Device", value: [u.brandName, u.deviceName].filter(Boolean).join(" ") });
  if (u?.networkName)
    lines.push({ label: "Locked to", value: u.countryName ? `${u.networkName} (${u.countryName})` : u.networkName });
  if (u?.toolName) lines.push({ label: "Service", value: u.toolName });
  if (d.imei) lines.push({ label: "IMEI", value: d.imei });
  const given = SUFFIX_FLAGS.filter((flag) => d.suffixes?.[flag]).map((flag) =>
    SUFFIX_FORMATS[flag].label.replace(/ \(.*\)$/, ""),
  );
  if (given.length > 0) lines.push({ label: "Extra details given", value: given.join(", ") });
  return lines;
}
