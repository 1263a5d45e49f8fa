import { z } from "zod";
import { SMS_TEXT_MAX } from "./rules";

// A top-up's `Order.detail`, the one schema for writing it (the sale step, ./sale.ts) and for
// reading it (the buyer's lines, ./lines.ts). The request keys (priceToken, phone, SMS) are the
// ones placement sends again (./upstream.ts); `product` is the
// upstream preview's record of what is bought, `operator` the shop's catalog's. The order core
// adds its own keys beside them (placement, counterSale), which this schema lets through.

const text = z.string().trim().min(1);
/** A field of the upstream's record: kept when it is text, dropped when it is anything else. */
const upstreamText = text.nullish().catch(undefined);

const productSchema = z.looseObject({
  name: upstreamText,
  operator_name: upstreamText,
  service_type: upstreamText,
  country_iso: upstreamText,
});

const operatorSchema = z.object({ id: text, name: text, countryCode: text, countryName: text });

export const topupDetailSchema = z.looseObject({
  priceToken: text,
  phone: z.string().regex(/^\+[1-9]\d{6,14}$/),
  smsNotification: z.boolean().optional(),
  smsText: z.string().max(SMS_TEXT_MAX).optional(),
  checkoutMode: z.enum(["credits", "payment_link"]),
  product: productSchema.nullable(),
  operator: operatorSchema,
});

export type TopupDetail = z.infer<typeof topupDetailSchema>;
export type TopupOperator = z.infer<typeof operatorSchema>;

/** The detail a sale writes: throws when the sale step built something the schema refuses (our bug). */
export function topupDetail(detail: z.input<typeof topupDetailSchema>): TopupDetail {
  return topupDetailSchema.parse(detail);
}

// Reading takes each field on its own: an older or partial detail (orders made before the
// operator was stored, rows seeded by tests) shows what it has, a malformed field is left out.
const readSchema = z.looseObject(
  Object.fromEntries(
    Object.entries(topupDetailSchema.shape).map(([key, field]) => [
      key,
      (field as z.ZodType).optional().catch(undefined),
    ]),
  ) as {
    [K in keyof typeof topupDetailSchema.shape]: z.ZodCatch<z.ZodOptional<(typeof topupDetailSchema.shape)[K]>>;
  },
);

export type StoredTopupDetail = Partial<TopupDetail>;

/** What a stored detail holds, field by field; null when it is not an object at all. Never throws. */
export function readTopupDetail(detail: unknown): StoredTopupDetail | null {
  const parsed = readSchema.safeParse(detail);
  return parsed.success ? parsed.data : null;
}
