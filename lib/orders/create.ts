import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { isUniqueViolation } from "@/lib/db/errors";
import type { PriceBreakdown } from "@/lib/pricing/retail";
import { PRODUCT_TYPES } from "@/lib/products/registry";
import { emailSchema } from "@/lib/validation/email";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/i18n/locale-routing.mjs";
import { idempotencyKeyFor, newOrderId, newOrderRef } from "./refs";
import { mayResume } from "./submitter";

// One submission makes one local order. The pay action derives the `submissionId` from the
// browser's submitter secret and what is bought (./submitter.ts); the database's unique
// constraint on it turns a double click, a second tab posting the same review or a resent
// request into "here is the order you already have", never a second order. The order keeps
// the submitter's hash, so only the browser (or account) that made it is ever handed it back.

export type CreateOrderInput = {
  productType: ProductType;
  /** The submission's id (at least 16 characters, ./submitter.ts): one submission, one order. */
  submissionId: string;
  /** SHA-256 of the browser's submitter secret (./submitter.ts); null only for orders no browser made. */
  submitterHash?: string | null;
  customerEmail: string;
  userId?: string | null;
  detail: Prisma.InputJsonValue;
  pricing: PriceBreakdown;
  upstreamMode?: "credits" | "payment_link";
  /** The buyer's language: the order's mails and links are in it. English by default (the staff point of sale). */
  locale?: Locale;
};

const minor = z.number().int().nonnegative();
const inputSchema = z.object({
  productType: z.enum(PRODUCT_TYPES),
  submissionId: z.string().min(16).max(200),
  customerEmail: emailSchema,
  userId: z.string().min(1).nullish(),
  submitterHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullish(),
  pricing: z.object({
    currency: z.string().min(3).max(8),
    amountMinor: minor,
    serviceFeeMinor: minor,
    smsFeeMinor: minor,
    totalMinor: minor,
    costMinor: minor,
    costCurrency: z.string().min(3).max(8).optional(),
    exchange: z
      .object({
        numerator: z.number().int().positive(),
        denominator: z.number().int().positive(),
        source: z.enum(["supplier", "staff"]),
        date: z.string().max(10).optional(),
      })
      .optional(),
  }),
  upstreamMode: z.enum(["credits", "payment_link"]).default("credits"),
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

export class OrderSubmissionConflictError extends Error {
  constructor() {
    super("This submission id belongs to another order");
    this.name = "OrderSubmissionConflictError";
  }
}

/**
 * Creates the order in `awaiting_payment` with its "created" event, or returns the order this
 * submission already made. A submission id presented again by someone else (another browser,
 * email, account or product) is refused rather than answered with that order.
 */
export async function createOrder(db: DbClient, input: CreateOrderInput): Promise<Order> {
  const valid = inputSchema.parse(input);
  const email = valid.customerEmail;
  const { pricing } = valid;
  if (pricing.totalMinor !== pricing.amountMinor + pricing.serviceFeeMinor + pricing.smsFeeMinor) {
    throw new RangeError("pricing.totalMinor must equal amount + service fee + SMS fee");
  }

  const existing = await db.order.findUnique({ where: { submissionId: valid.submissionId } });
  const who = {
    productType: valid.productType,
    email,
    userId: valid.userId ?? null,
    submitterHash: valid.submitterHash ?? null,
  };
  if (existing) return sameSubmission(existing, who);

  const id = newOrderId();
  try {
    return await db.order.create({
      data: {
        id,
        ref: newOrderRef(),
        productType: valid.productType,
        status: "awaiting_payment",
        idempotencyKey: idempotencyKeyFor(id),
        submissionId: valid.submissionId,
        submitterHash: who.submitterHash,
        upstreamMode: valid.upstreamMode,
        userId: valid.userId ?? null,
        // Its link stays the buyer's key even after it joins an account (lib/orders/access.ts).
        placedAsGuest: !valid.userId,
        customerEmail: email,
        locale: valid.locale,
        currency: pricing.currency,
        retailAmount: pricing.totalMinor,
        costAmount: pricing.costMinor,
        // The buyer's currency may differ from the upstream's (lib/pricing/exchange.ts).
        costCurrency: pricing.costCurrency ?? pricing.currency,
        pricing,
        detail: input.detail,
        events: {
          create: {
            type: "created",
            toStatus: "awaiting_payment",
            source: "buyer",
            actor: valid.userId ?? undefined,
            message: "Order created",
          },
        },
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost the race to a concurrent copy of the same submission: answer with its order.
    const winner = await db.order.findUnique({ where: { submissionId: valid.submissionId } });
    if (!winner) throw error;
    return sameSubmission(winner, who);
  }
}

type Presenter = { productType: ProductType; email: string; userId: string | null; submitterHash: string | null };

function sameSubmission(order: Order, who: Presenter): Order {
  const sameBuyer =
    order.productType === who.productType && order.customerEmail === who.email && (order.userId ?? null) === who.userId;
  // Orders made by a browser go back only to that browser (or the account that owns them).
  const sameMaker =
    who.submitterHash === null
      ? order.submitterHash === null
      : mayResume(order, { userId: who.userId, submitterHash: who.submitterHash });
  if (!sameBuyer || !sameMaker) throw new OrderSubmissionConflictError();
  return order;
}
