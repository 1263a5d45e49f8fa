import { z } from "zod";
import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { storedImeiSchema, SUFFIX_FORMATS, SUFFIX_FLAGS } from "@/lib/validation/imei";
import { readUnlockDetail } from "./detail";

// What the buyer sees of an unlock order (and, until it has its own module, an IMEI check):
// only what a buyer may see, and a malformed column degrades to "not shown". Suffix VALUES (a
// phone PIN among them) are never shown back.

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** "What you bought" rows for an unlock order. */
export function unlockPurchaseLines(detail: unknown): PurchaseLine[] {
  const d = readUnlockDetail(detail);
  const lines: PurchaseLine[] = [];
  const u = d.unlock;
  if (u?.deviceName) lines.push({ label: "Device", value: [u.brandName, u.deviceName].filter(Boolean).join(" ") });
  if (u?.networkName) lines.push({ label: "Locked to", value: u.countryName ? `${u.networkName} (${u.countryName})` : u.networkName });
  if (u?.toolName) lines.push({ label: "Service", value: u.toolName });
  if (d.imei) lines.push({ label: "IMEI", value: d.imei });
  const given = SUFFIX_FLAGS.filter((flag) => d.suffixes?.[flag]).map((flag) => SUFFIX_FORMATS[flag].label.replace(/ \(.*\)$/, ""));
  if (given.length > 0) lines.push({ label: "Extra details given", value: given.join(", ") });
  return lines;
}

/** "What you bought" rows for an IMEI check. */
export function imeiCheckPurchaseLines(detail: unknown): PurchaseLine[] {
  const parsed = z.object({ imei: storedImeiSchema }).safeParse(detail ?? {});
  return parsed.success ? [{ label: "IMEI", value: parsed.data.imei }] : [];
}

const imeiCheckSchema = z.object({
  device: loose(
    z.object({
      imei: z.string().catch(""),
      tac: z.string().catch(""),
      brandName: z.string().catch(""),
      marketingName: z.string().catch(""),
      modelName: z.string().catch(""),
      deviceType: z.string().catch(""),
      img: z.string().catch(""),
    }),
  ),
  errors: z.array(z.object({ code: z.string().catch(""), txt: z.string().catch("") })).catch([]),
  report: loose(
    z
      .object({
        blacklisted: z.boolean(),
        history: z.array(z.object({ imei: z.string().catch(""), action: z.string().catch(""), date: z.string().catch(""), by: z.string().catch(""), country: z.string().catch("") })).catch([]),
        blackList: z.array(z.object({ country: z.string(), networks: z.array(z.object({ name: z.string(), status: z.number() })) })).catch([]),
        whiteList: z.array(z.object({ country: z.string(), networks: z.array(z.object({ name: z.string(), status: z.number() })) })).catch([]),
        reportUrl: z.string().catch(""),
      })
      .nullable(),
  ),
  payment: loose(z.object({ type: z.string(), desc: z.string().catch("") })),
  extraInfo: z.array(z.object({ type: z.string().catch(""), txt: z.string().catch(""), url: z.string().catch("") })).catch([]),
});
export type ImeiCheckView = z.infer<typeof imeiCheckSchema>;

/** The stored IMEI check result (`fulfillment.imeiCheck`), or null when there is none. */
export function readImeiCheck(fulfillment: unknown): ImeiCheckView | null {
  const value = (fulfillment as { imeiCheck?: unknown } | null)?.imeiCheck;
  if (!value) return null;
  const parsed = imeiCheckSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Only web links are opened from the supplier's answers (never javascript: or data: URLs). */
export function safeWebUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}
