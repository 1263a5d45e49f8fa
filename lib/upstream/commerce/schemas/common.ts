import { z } from "zod";
import { currencyExponent, decimalToMinor } from "@/lib/money";

// Building blocks shared by every commerce schema. Records are loose (fields the contract does
// not name pass through untouched); the fields we rely on are required and checked.

/** Operator, country and brand ids arrive as integers or numeric strings; we keep strings. */
export const upstreamId = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, "expected a numeric id")])
  .transform((value) => String(value));

/** Order and transaction ids are opaque strings ("ord_100001"); an integer is tolerated. */
export const opaqueId = z.union([z.string().min(1), z.number().int()]).transform((value) => String(value));

/** A decimal amount as the upstream sends it: a string "21.98" (a JSON number is tolerated). */
const decimalInput = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === "number" ? String(value) : value));

/** Integer minor units of a currency (cents for EUR/USD). */
export type MinorUnits = number;

/** A decimal string in EUR or USD (exponent 2) → integer minor units. */
export const money = decimalInput.transform((value, ctx): MinorUnits => {
  try {
    return decimalToMinor(value, 2);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});

/**
 * An amount whose currency is given by a sibling field (`amount_local` + `currency_local`):
 * checked here as a decimal, converted in the record's transform with `toMinorIn`, because the
 * number of minor digits depends on that currency (JPY 0, EUR 2, KWD 3).
 */
export const decimalString = decimalInput.refine(
  (value) => /^-?\d+(\.\d+)?$/.test(value),
  'expected a decimal amount such as "21.98"',
);

/** Converts a sibling-currency amount inside a record transform, reporting a failure at `path`. */
export function toMinorIn(
  value: string | null | undefined,
  currency: string | null | undefined,
  ctx: z.RefinementCtx,
  path: string,
): MinorUnits | null | undefined {
  if (value === null || value === undefined) return value;
  try {
    return decimalToMinor(value, currency ? currencyExponent(currency) : 2);
  } catch (error) {
    ctx.addIssue({ code: "custom", path: [path], message: (error as Error).message });
    return undefined;
  }
}

/** The envelope of every commerce answer (spec section 7), before `data` is checked. */
export const envelopeSchema = z.looseObject({
  success: z.boolean(),
  data: z.unknown().optional(),
  // The spec's error object; live errors may add `next_step` and `client_ip`. A bare string
  // (OAuth style `{error: "invalid_token"}`) is tolerated.
  error: z
    .union([
      z.looseObject({
        code: z.string().optional(),
        message: z.string().optional(),
        next_step: z.string().optional(),
        client_ip: z.string().optional(),
      }),
      z.string(),
    ])
    .nullish(),
  meta: z
    .looseObject({
      request_id: z.string().optional(),
      timestamp: z.string().optional(),
      has_more: z.boolean().optional(),
      cursor: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});

export type Envelope = z.infer<typeof envelopeSchema>;

/** One page of a cursor-paginated list (upstream-notes: `meta.has_more`, `meta.cursor`). */
export type Page<T> = {
  items: T[];
  hasMore: boolean;
  /** Pass back as `cursor` for the next page; null on the last page. */
  cursor: string | null;
  /** The answer's whole `meta` (e.g. `token_expires_in` on eSIM plan lists). */
  meta: Record<string, unknown>;
};

/** Order statuses seen on the live service; any other value is kept as sent. */
export const KNOWN_ORDER_STATUSES = [
  "awaiting_payment",
  "processing",
  "fulfilled",
  "failed",
  "MANUAL_REVISION",
] as const;
export type OrderStatus = (typeof KNOWN_ORDER_STATUSES)[number] | (string & {});

export function isKnownOrderStatus(status: string): boolean {
  return (KNOWN_ORDER_STATUSES as readonly string[]).includes(status);
}

export const COMMERCE_TYPES = ["topup", "esim", "giftcard"] as const;
export type CommerceType = (typeof COMMERCE_TYPES)[number];
