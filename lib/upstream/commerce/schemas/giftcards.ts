import { z } from "zod";
import { decimalString, toMinorIn, upstreamId } from "./common";
import { isoCode, operatorSchema, promotionSchema } from "./topup";

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

function withFaceValues<
  T extends { currency?: string | null; min_face_value?: string | null; max_face_value?: string | null },
>(brand: T, ctx: z.RefinementCtx) {
  return {
    ...brand,
    min_face_value: toMinorIn(brand.min_face_value, brand.currency, ctx, "min_face_value"),
    max_face_value: toMinorIn(brand.max_face_value, brand.currency, ctx, "max_face_value"),
  };
}

export const giftcardBrandSchema = operatorSchema.extend(brandFields).transform(withFaceValues);
export type GiftcardBrand = z.infer<typeof giftcardBrandSchema>;

/**
 * GET /giftcards/products/{operator_id}: "brand detail" (C§4). Denominations are read from
 * GET /giftcards/brands/{id}/products (C§4 "denominations and tokens for a brand"), so any the
 * detail also holds pass unread.
 */
export const giftcardProductSchema = operatorSchema
  .extend({
    ...brandFields,
    description: z.string().nullish(),
    logo: z.string().nullish(),
    redemption_instructions: z.string().nullish(),
    region: z
      .looseObject({
        iso_short_code: isoCode.optional(),
        id_country: upstreamId.optional(),
        works_in: z.string().nullish(),
      })
      .nullish(),
    promotions: z.array(promotionSchema).optional().catch(undefined),
    priced_at: z.string().optional(),
  })
  .transform(withFaceValues);
export type GiftcardProduct = z.infer<typeof giftcardProductSchema>;
