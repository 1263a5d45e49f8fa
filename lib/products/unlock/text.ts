import type { SuffixFlag } from "@/lib/validation/imei";

// Plain-text helpers for the unlock pages. Pure: server and client components use them.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * The supplier's device `desc` may contain HTML (spec section 2). The shop shows it as text:
 * tags become spaces, the common entities are decoded, and React escapes the rest, so nothing
 * from the supplier is ever rendered as markup.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#39|[a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/\s+/g, " ")
    .trim();
}

const UNITS: Record<string, [string, string]> = {
  minutes: ["minute", "minutes"],
  hours: ["hour", "hours"],
  days: ["day", "days"],
  weeks: ["week", "weeks"],
};

/** "Instant", "1–3 days", "2 hours". */
export function guaranteedTimeText(time: { min: number; max: number; type: string }): string {
  if (time.type === "instant") return "Instant";
  const [one, many] = UNITS[time.type] ?? [time.type, time.type];
  if (time.min === time.max) return `${time.min} ${time.min === 1 ? one : many}`;
  return `${time.min}–${time.max} ${many}`;
}

/**
 * How often the shop asks the supplier about an order of this time type (lib/orders/schedule.ts),
 * as the key of its sentence in the catalogs (the order page's "DeliveryUnlock.polling.*").
 */
export function pollingKey(type: string | undefined): "instant" | "minutes" | "days" | "weeks" | "other" {
  switch (type) {
    case "instant":
    case "minutes":
    case "days":
    case "weeks":
      return type;
    default:
      return "other";
  }
}

/** 0.96 → "96%". */
export function successPercent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

export const FLAG_NAMES: Record<SuffixFlag, string> = {
  sn: "serial number",
  prd: "PRD code",
  pin: "phone PIN",
  mep: "MEP code",
  sro: "SRO code",
};
