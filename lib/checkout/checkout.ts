import type { DbClient } from "@/lib/db/create-client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { userMessageOf } from "@/lib/errors/user-message";
import type { PriceBreakdown } from "@/lib/pricing/retail";
import { productAvailability } from "@/lib/products/availability";
import { createOrder, OrderSubmissionConflictError } from "@/lib/orders/create";
import type { Locale } from "@/lib/i18n/locale-routing.mjs";
import type { ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import type { ResumableOrder } from "@/lib/orders/submitter";

// The one checkout every product and every channel goes through (docs/orders.md "Checkout"):
//
//   find or create by submission → price the choice (the product's step, against the live
//   catalog) → compare with the price the buyer saw → create the order
//
// The channels wrap it: the storefront's pay actions (./shop.ts: the browser's submission, then the
// checkout page) and the point of sale (./counter.ts: the preview's submission, then paid at the
// counter). A product plugs in one function, its
// `PriceSale` (lib/products/<product>/sale.ts), which checks the choice against the catalog,
// prices it and builds the order's detail through the product's detail schema. Nothing the
// browser sent is trusted: only the choice's identifiers reach the product's step.

export type SaleFact = { label: string; value: string };

/** A product's choice, checked against the live catalog and priced: what an order is made from. */
export type PricedSale = {
  ok: true;
  productType: ProductType;
  /** One line for staff ("20 EUR Airtime to +49 1512 3456789 (Telekom, Germany)"). */
  label: string;
  /** What staff check before placing at the counter (service, guaranteed time, IMEI). */
  facts: SaleFact[];
  pricing: PriceBreakdown;
  /** Order.detail, built with the product's detail schema. */
  detail: Record<string, unknown>;
  /** Commerce products take the channel's mode; the unlocking API's are always paid from credits. */
  upstreamMode: UpstreamMode;
  /** Commerce previews say whether the shop's upstream balance covers it; null for the shop's own prices. */
  sufficientCredits: boolean | null;
};

/** Why a checkout made no order, in words for the person at the form; `field` names the input at fault. */
export type CheckoutFailure = { ok: false; error: string; field?: string; priceChanged?: boolean };

/** How the upstream is paid for a commerce order: the shop's credits, or the buyer on the upstream's payment link. */
export type UpstreamMode = "credits" | "payment_link";

/**
 * How the channel buys: its commerce checkout mode, the visitor whose preview limit a live preview
 * spends, and the currency the buyer pays in (EUR when absent: the point of sale, a payment
 * link). A product that cannot price in it prices in euros (lib/pricing/exchange.ts).
 */
export type SaleContext = { mode: UpstreamMode; visitor?: string; currency?: ShopCurrency };

/** A product's checkout step, bound to the buyer's choice. */
export type PriceSale = (context: SaleContext) => Promise<PricedSale | CheckoutFailure>;

export type CheckoutSubmission = {
  submissionId: string;
  submitterHash: string | null;
  existing: ResumableOrder | null;
};

export type CheckoutRequest = {
  /** What is being bought: a product that is off (lib/products/availability.ts) is refused before its step runs. */
  productType: ProductType;
  submission: CheckoutSubmission;
  customerEmail: string;
  userId: string | null;
  /** The total the buyer (or staff, in the preview) saw. */
  expectedTotalMinor: number;
  /** Its currency, when the form says it: a total in another currency is a changed price. */
  expectedCurrency?: string;
  price: PriceSale;
  context: SaleContext;
  /** What the channel adds to the product's detail (a counter sale's staff member). */
  channelDetail?: Record<string, unknown>;
  messages: CheckoutMessages;
  /** The buyer's language: the order keeps it for its mails (docs/mail.md, "Language"). English at the counter. */
  locale?: Locale;
};

export type CheckoutMessages = {
  /** The choice no longer makes sense (another submission's id, a form from an old page). */
  startAgain: string;
  priceChanged: string;
  /** Anything unexpected: logged, and this is shown. */
  failed: string;
  /** The product is switched off or cannot be delivered now: nothing is made, nothing is charged. */
  unavailable: string;
  /** Names the checkout in the log ("gift card order"). */
  what: string;
};

export const ORDER_NOT_CREATED = "We could not create your order. Nothing was charged. Please try again.";

export type CheckoutResult = { ok: true; order: ResumableOrder; resumed: boolean } | CheckoutFailure;

export async function checkout(db: DbClient, request: CheckoutRequest): Promise<CheckoutResult> {
  const { submission, messages } = request;
  // The same submission again (a double click, a resent form, a second tab): its order.
  // A paid one goes on (it is the shop's to deliver or refund); one still to be paid is not
  // taken on to payment while the product is off.
  if (submission.existing && submission.existing.status !== "awaiting_payment")
    return { ok: true, order: submission.existing, resumed: true };
  try {
    // Before the product's step: pricing asks the upstream, which an unavailable product must not.
    const availability = await productAvailability(request.productType, db);
    if (!availability.available) return { ok: false, error: messages.unavailable };
    if (submission.existing) return { ok: true, order: submission.existing, resumed: true };
    const sale = await request.price(request.context);
    if (!sale.ok) return sale;
    // The availability read above must be the product's that is made.
    if (sale.productType !== request.productType) return { ok: false, error: messages.startAgain };
    const otherCurrency =
      request.expectedCurrency !== undefined &&
      request.expectedCurrency.toUpperCase() !== sale.pricing.currency.toUpperCase();
    if (sale.pricing.totalMinor !== request.expectedTotalMinor || otherCurrency)
      return { ok: false, priceChanged: true, error: messages.priceChanged };
    const order = await createOrder(db, {
      productType: sale.productType,
      submissionId: submission.submissionId,
      submitterHash: submission.submitterHash,
      customerEmail: request.customerEmail,
      userId: request.userId,
      detail: { ...sale.detail, ...request.channelDetail } as Prisma.InputJsonValue,
      pricing: sale.pricing,
      upstreamMode: sale.upstreamMode,
      locale: request.locale,
    });
    return { ok: true, order, resumed: false };
  } catch (error) {
    if (error instanceof OrderSubmissionConflictError) return { ok: false, error: messages.startAgain };
    return { ok: false, error: userMessageOf(error, messages.what, messages.failed) };
  }
}
