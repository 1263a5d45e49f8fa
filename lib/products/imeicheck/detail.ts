import { z } from "zod";
import { storedImeiSchema } from "@/lib/validation/imei";

// The one shape of an IMEI check's `Order.detail`: the IMEI, written by the sale step (sale.ts)
// and read by placement and the pages.

export const imeiCheckDetailSchema = z.looseObject({ imei: storedImeiSchema });
export type ImeiCheckDetail = z.infer<typeof imeiCheckDetailSchema>;

/** The detail of a check of `imei` (normalised and checked by the sale step). */
export function imeiCheckDetail(imei: string): ImeiCheckDetail {
  return imeiCheckDetailSchema.parse({ imei });
}

/** The detail as the pages read it; null when it is malformed. */
export function readImeiCheckDetail(detail: unknown): ImeiCheckDetail | null {
  const parsed = imeiCheckDetailSchema.safeParse(detail ?? {});
  return parsed.success ? parsed.data : null;
}
