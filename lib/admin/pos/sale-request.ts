import { z } from "zod";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { SUFFIX_FLAGS } from "@/lib/validation/imei";

// What the point of sale sends to the server, per product: one member of the union per
// ProductType (the check below names a missing one), priced by the product's sale step (its
// module's `sale`, lib/admin/pos/sale.ts) and chosen in its form (app/admin/(dashboard)/pos/forms.tsx).
// The IMEI and suffixes are only shaped here; their rules (Luhn, suffix formats) are checked by
// the sale step with lib/validation/imei.ts, so the messages are the storefront's.

const catalogId = z.number().int().min(0).max(1e12);
const imeiInput = z.string().max(40);

export const saleRequestSchema = z.discriminatedUnion("product", [
  z.object({
    product: z.literal("topup"),
    phone: z.string().trim().min(1, "Enter the phone number to top up.").max(40),
    rate: z.string().regex(/^[\w.:-]{1,200}$/, "Choose an amount."),
  }),
  z.object({
    product: z.literal("esim"),
    country: z.string().regex(/^[a-z0-9-]{2,10}$/, "Choose a destination."),
    plan: z.string().regex(/^[\w.:-]{1,100}$/, "Choose a plan."),
  }),
  z.object({
    product: z.literal("giftcard"),
    country: z.string().regex(/^[a-z]{2}$/, "Choose a country."),
    brand: z.string().regex(/^[a-z0-9-]{1,80}$/, "Choose a brand."),
    denomination: z.string().regex(/^[\w.:-]{1,200}$/, "Choose a value."),
  }),
  z.object({
    product: z.literal("unlock"),
    brand: catalogId,
    device: catalogId,
    country: catalogId,
    network: catalogId,
    tool: catalogId,
    imei: imeiInput,
    suffixes: z.partialRecord(z.enum(SUFFIX_FLAGS), z.string().max(40)),
  }),
  z.object({ product: z.literal("imeicheck"), imei: imeiInput }),
]);

export type SaleRequest = z.infer<typeof saleRequestSchema>;
export type PosProduct = SaleRequest["product"];

/** Every product is sold at the counter: a ProductType without a member fails the type check. */
export const EVERY_PRODUCT_AT_THE_COUNTER: [Exclude<ProductType, PosProduct>] extends [never] ? true : never = true;

/** What staff see before placing: the buyer's price and, for staff only, the upstream cost and margin. */
export type SalePreview = {
  label: string;
  currency: string;
  amountMinor: number;
  serviceFeeMinor: number;
  smsFeeMinor: number;
  totalMinor: number;
  costMinor: number;
  marginMinor: number;
  sufficientCredits: boolean | null;
  /** What else staff check before placing (an unlock's service and guaranteed time). */
  facts?: Array<{ label: string; value: string }>;
};
