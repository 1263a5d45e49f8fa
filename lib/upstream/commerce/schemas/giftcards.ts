import { z } from "zod";
import { decimalString, toMinorIn, upstreamId } from "./common";
import { isoCode, operatorSchema, promotionSchema, rateSchema } from "./topup";

// Gift card catalog (spec section 4). A brand is an operator whose parent category is gift
// cards (spec section 1), so it has the operator's required fields.

const brandFields = {
  brand_name: z.string().optional(),
  brand_category: z.string().nullish(),
  /** Face values in the brand's `currency`; minor units of that currency after parsing. */
  min_face_value: decimalString.nullish(),
  max_face_value: decimalString.nullish(),
  denominations_count: z.number().int().optional(),
};

function withFaceValues<T extends { currency?: string | null; min_face_value?: string | null; max_face_value?: string | null }>(
  brand: T,
  ctx: z.RefinementCtx,
) {
  return {
    ...brand,
    min_face_value: toMinorIn(brand.min_face_value, brand.currency, ctx, "min_face_value"),
    max_face_value: toMinorIn(brand.max_face_value, brand.currency, ctx, "max_face_value"),
  };
}

export const giftcardBrandSchema = operatorSchema.extend(brandFields).transform(withFaceValues);
export type GiftcardBrand = z.infer<typeof giftcardBrandSchema>;

/** GET /giftcards/products/{operator_id}: brand detail with its denominations. */
export const giftcardProductSchema = operatorSchema
  .extend({
    ...brandFields,
    description: z.string().nullish(),
    logo: z.string().nullish(),
    redemption_instructions: z.string().nullish(),
    region: z
      .looseObject({ iso_short_code: isoCode.optional(), id_country: upstreamId.optional(), works_in: z.string().nullish() })
      .nullish(),
    rates: z.array(rateSchema),
    promotions: z.array(promotionSchema).optional(),
    priced_at: z.string().optional(),
  })
  .transform(withFaceValues);
export type GiftcardProduct = z.infer<typeof giftcardProductSchema>;
