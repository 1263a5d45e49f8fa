import { z } from "zod";
import { storedImeiSchema } from "@/lib/validation/imei";

// The one shape of an IMEI check's `Order.detail`: the IMEI, written by the sale step (sale.ts)
// and read by placement and the pages; `report: "full"` when the order buys a paid device's full
// report (offered on the order page of a check that found one: docs/unlock.md).

export const imeiCheckDetailSchema = z.looseObject({ imei: storedImeiSchema, report: z.literal("full").optional() });
export type ImeiCheckDetail = z.infer<typeof imeiCheckDetailSchema>;

/** The detail of a check of `imei` (normalised and checked by the sale step). */
export function imeiCheckDetail(imei: string, { fullReport = false }: { fullReport?: boolean } = {}): ImeiCheckDetail {
  return imeiCheckDetailSchema.parse(fullReport ? { imei, report: "full" } : { imei });
}

/** The detail as the pages read it; null when it is malformed. */
export function readImeiCheckDetail(detail: unknown): ImeiCheckDetail | null {
  const parsed = imeiCheckDetailSchema.safeParse(detail ?? {});
  return parsed.success ? parsed.data : null;
}
