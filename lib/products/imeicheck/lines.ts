import { z } from "zod";
import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { readImeiCheckDetail } from "./detail";

// What the buyer sees of an IMEI check: the IMEI bought, and the report the supplier answered
// (`fulfillment.imeiCheck`), each field read on its own so a malformed column degrades to
// "not shown".

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** "What you bought" rows for an IMEI check. */
/** What a full-report order buys, in the buyer's words (payment page, order page, receipt). */
export const FULL_REPORT_LABEL = "Full report: blacklist status, network lists and history";

export function imeiCheckPurchaseLines(detail: unknown): PurchaseLine[] {
  const read = readImeiCheckDetail(detail);
  if (!read) return [];
  return read.report === "full"
    ? [
        { label: "IMEI", value: read.imei },
        { label: "Report", value: FULL_REPORT_LABEL },
      ]
    : [{ label: "IMEI", value: read.imei }];
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
        history: z
          .array(
            z.object({
              imei: z.string().catch(""),
              action: z.string().catch(""),
              date: z.string().catch(""),
              by: z.string().catch(""),
              country: z.string().catch(""),
            }),
          )
          .catch([]),
        blackList: z
          .array(
            z.object({ country: z.string(), networks: z.array(z.object({ name: z.string(), status: z.number() })) }),
          )
          .catch([]),
        whiteList: z
          .array(
            z.object({ country: z.string(), networks: z.array(z.object({ name: z.string(), status: z.number() })) }),
          )
          .catch([]),
        reportUrl: z.string().catch(""),
      })
      .nullable(),
  ),
  payment: loose(z.object({ type: z.string(), desc: z.string().catch("") })),
  extraInfo: z
    .array(z.object({ type: z.string().catch(""), txt: z.string().catch(""), url: z.string().catch("") }))
    .catch([]),
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

/**
 * The stored result in a few lines for staff (the admin order page): what the buyer was shown,
 * not the supplier's whole answer. Null when the fulfillment holds no IMEI check.
 */
export function imeiCheckStaffSummary(fulfillment: unknown): [label: string, value: string][] | null {
  const result = readImeiCheck(fulfillment);
  if (!result) return null;
  const { device, errors, report, payment } = result;
  const networks = (list: { networks: unknown[] }[]) => list.reduce((n, entry) => n + entry.networks.length, 0);
  const lines: [string, string][] = [
    [
      "Device",
      [device?.brandName, device?.marketingName || device?.modelName].filter(Boolean).join(" ") || "Not identified",
    ],
    ["IMEI", device?.imei || "—"],
    ["Report", report ? "Full report" : "Device data only"],
    [
      "Supplier's type_pay",
      payment?.type === "P" ? "P (paid report)" : payment?.type === "F" ? "F (free report)" : (payment?.type ?? "—"),
    ],
  ];
  if (report) {
    lines.push(["Blacklist", report.blacklisted ? "Blacklisted: reported lost or stolen" : "Clean"]);
    lines.push(["Networks", `${networks(report.blackList)} blocking, ${networks(report.whiteList)} usable`]);
    lines.push(["History", `${report.history.length} event${report.history.length === 1 ? "" : "s"}`]);
  }
  if (errors.length > 0)
    lines.push(["Errors", errors.map((e) => [e.code, e.txt].filter(Boolean).join(": ")).join("; ")]);
  return lines;
}
