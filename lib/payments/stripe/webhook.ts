import Stripe from "stripe";
import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import type { AfterAnswer } from "@/lib/webhooks/after-answer";
import {
  PermanentProcessingError,
  receiveWebhook,
  type ProcessNote,
  type Verification,
  type WebhookAnswer,
} from "@/lib/webhooks/receive";
import { paymentIdSchema } from "../ids";
import { expirePayment, markPaymentDeclined } from "../lapse";
import type { ProviderLookup } from "../providers";
import { markPaymentSucceeded, type AfterPaid } from "../succeed";

// Stripe's webhook (POST /api/payments/stripe/webhook): the signature is checked with the
// package's own `Stripe.webhooks.constructEvent` on the raw body, then the delivery goes
// through the same durable receipts as the commerce webhook (provider "stripe": stored before
// the answer, deduplicated by event id, processed after the answer, failures retried by the
// sweep and kept for replay). A completed Checkout
// Session pays its Payment through markPaymentSucceeded, so a repeated event, or the buyer
// paying twice, still pays the order once.

/** Seconds of clock difference accepted, like the commerce receiver (Stripe's default too). */
export const STRIPE_TOLERANCE_SECONDS = 300;

export function verifyStripeDelivery(
  rawBody: string,
  signature: string | null,
  secret: string,
  nowMs: number = Date.now(),
): Verification {
  if (!signature)
    return { ok: false, code: "missing_signature", status: 400, message: "The Stripe-Signature header is required." };
  const timestamp = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1] ?? "NaN");
  try {
    const event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      STRIPE_TOLERANCE_SECONDS,
      undefined,
      nowMs,
    );
    // Stripe checks only that a signature is not too old; one from the future is refused too.
    if (timestamp * 1000 > nowMs + STRIPE_TOLERANCE_SECONDS * 1000) {
      return {
        ok: false,
        code: "future_timestamp",
        status: 400,
        message: "The signature timestamp is more than 5 minutes in the future.",
      };
    }
    return { ok: true, eventId: event.id };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (message.startsWith("Timestamp outside the tolerance zone")) {
      return {
        ok: false,
        code: "stale_timestamp",
        status: 400,
        message: "The signature timestamp is more than 5 minutes old.",
      };
    }
    return {
      ok: false,
      code: "invalid_signature",
      status: 401,
      message: "The signature does not match this shop's Stripe webhook secret.",
    };
  }
}

export async function handleStripeWebhook(
  db: DbClient,
  input: {
    rawBody: string;
    headers: Headers;
    secret: string;
    afterAnswer: AfterAnswer;
    nowMs?: number;
    deps?: StripeProcessDeps;
  },
): Promise<WebhookAnswer> {
  return receiveWebhook(db, {
    provider: "stripe",
    rawBody: input.rawBody,
    headers: input.headers,
    verification: verifyStripeDelivery(input.rawBody, input.headers.get("stripe-signature"), input.secret, input.nowMs),
    process: (database, receipt) => processStripeReceipt(database, receipt, input.deps),
    afterAnswer: input.afterAnswer,
  });
}

const sessionEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({
    object: z.looseObject({
      id: z.string(),
      object: z.string(),
      payment_status: z.string().nullish(),
      amount_total: z.number().int().nullish(),
      currency: z.string().nullish(),
      metadata: z.record(z.string(), z.string()).nullish(),
    }),
  }),
});

export type StripeProcessDeps = { afterPaid?: AfterPaid; providers?: ProviderLookup };

export async function processStripeReceipt(
  db: DbClient,
  receipt: WebhookReceipt,
  deps: StripeProcessDeps = {},
): Promise<ProcessNote> {
  let json: unknown;
  try {
    json = JSON.parse(receipt.rawBody);
  } catch {
    throw new PermanentProcessingError("malformed JSON");
  }
  const parsed = sessionEventSchema.safeParse(json);
  if (!parsed.success) throw new PermanentProcessingError("not a Stripe event");
  const event = parsed.data;
  if (!event.type.startsWith("checkout.session.") || event.data.object.object !== "checkout.session")
    return { note: `event type ${event.type} is not used by the shop` };

  const session = event.data.object;
  const byMetadata = paymentIdSchema.safeParse(session.metadata?.paymentId);
  const payment = byMetadata.success
    ? await db.payment.findUnique({ where: { id: byMetadata.data } })
    : await db.payment.findUnique({ where: { providerRef: session.id } });
  if (
    !payment ||
    payment.provider !== "stripe" ||
    (payment.providerRef !== null && payment.providerRef !== session.id)
  ) {
    return { note: `Checkout Session ${session.id} is not a payment of this shop` };
  }
  const by = { source: "webhook" as const, actor: event.id };

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      if (event.type === "checkout.session.completed" && session.payment_status === "unpaid")
        return { note: "waiting for a delayed payment method" };
      if (
        session.amount_total !== payment.amount ||
        session.currency?.toLowerCase() !== payment.currency.toLowerCase()
      ) {
        // Never mark paid on an amount the shop did not ask for: staff must look at it.
        throw new Error(
          `Checkout Session ${session.id} paid ${session.amount_total} ${session.currency}, expected ${payment.amount} ${payment.currency}`,
        );
      }
      const result = await markPaymentSucceeded(db, payment.id, {
        ...by,
        acceptLate: true,
        afterPaid: deps.afterPaid,
        providers: deps.providers,
      });
      if (result.outcome === "not_payable") return { note: `payment ${payment.id} is ${result.status}` };
      return result.outcome === "paid" ? {} : { note: `payment ${payment.id}: ${result.outcome}` };
    }
    case "checkout.session.async_payment_failed":
      return (await markPaymentDeclined(db, payment.id, { ...by, reason: "the bank refused the payment" })).outcome ===
        "declined"
        ? {}
        : { note: "payment was not pending" };
    case "checkout.session.expired":
      return (await expirePayment(db, payment.id, { ...by, now: new Date() })).expired
        ? {}
        : { note: "payment was not pending" };
    default:
      return { note: `event type ${event.type} is not used by the shop` };
  }
}
