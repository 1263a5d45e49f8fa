import { z } from "zod";
import type { EsimDestinationSummary, EsimPlanOffer } from "./types";

// The one shape of an eSIM order's `detail.esim`: what the buyer chose, as the catalog showed it.
// Both channels write it through `esimDetailOf` (./sale.ts); the order page, the payment page
// and the line page read it through `readEsimDetail`. Placement sends only catalog_id and
// price_token (./upstream.ts), never this.
//
// Every stored detail names its destination `destinationCode` (the migration
// *_esim_detail_destination_code brings a stored `countryIso` to it), so readers know one name.

const text = z.string().trim().min(1);

const fields = {
  catalogId: text,
  planName: text,
  /** ISO-2 lower case, or a region slug (eu, as, ww). */
  destinationCode: z.string().regex(/^[a-z]{2}$/),
  destinationName: text,
  coverage: z.enum(["COUNTRY", "REGIONAL", "GLOBAL"]),
  dataGb: z.number().nonnegative().nullable(),
  unlimited: z.boolean(),
  validityDays: z.number().int().nonnegative().nullable(),
};

/** What a sale writes: every field, checked. */
export const esimDetailSchema = z.object({ esim: z.object(fields) });
export type EsimDetail = z.infer<typeof esimDetailSchema>["esim"];

const loose = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

/** What a reader accepts: any field may be missing or malformed (old rows, hand edits) and is then not shown. */
const readSchema = z.object({
  esim: loose(
    z.object({
      catalogId: loose(fields.catalogId),
      planName: loose(fields.planName),
      destinationCode: loose(fields.destinationCode),
      destinationName: loose(fields.destinationName),
      coverage: loose(fields.coverage),
      dataGb: loose(fields.dataGb),
      unlimited: loose(fields.unlimited),
      validityDays: loose(fields.validityDays),
    }),
  ),
});

export type EsimDetailRead = { [K in keyof EsimDetail]?: EsimDetail[K] | null };

/** The `detail` entries an eSIM sale adds to the quote's: the destination and plan the buyer chose. */
export function esimDetailOf(destination: EsimDestinationSummary, plan: EsimPlanOffer): { esim: EsimDetail } {
  return esimDetailSchema.parse({
    esim: {
      catalogId: plan.catalogId,
      planName: plan.name,
      destinationCode: destination.code,
      destinationName: destination.name,
      coverage: destination.coverage,
      dataGb: plan.dataGb,
      unlimited: plan.unlimited,
      validityDays: plan.validityDays,
    },
  });
}

/** An order's `detail.esim` as far as it can be read; null when there is none. Never throws. */
export function readEsimDetail(detail: unknown): EsimDetailRead | null {
  const parsed = readSchema.safeParse(detail);
  return parsed.success ? (parsed.data.esim ?? null) : null;
}
