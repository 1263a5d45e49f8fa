"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import type { PayState } from "@/components/shop/topup/pay-form";
import { checkPhone } from "@/components/shop/topup/phone";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { createOrder, OrderSubmissionConflictError } from "@/lib/orders/create";
import { beginPayment } from "@/lib/orders/begin-payment";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { PaymentError } from "@/lib/payments";
import { isUpstreamError } from "@/lib/upstream/errors";
import { loadTopupOffer } from "./offer";

// "Pay" on the review step. Nothing from the browser is trusted: the number, the rate (it must
// be one of this number's operator's rates), the SMS choice and the email are checked again,
// and the price is quoted again on the server. One submission id makes one order: a double
// click, a resent form or the same review in two tabs all reach the same order and its checkout.

const paySchema = z.object({
  phone: z.string().transform((value, ctx) => {
    const result = checkPhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.e164;
  }),
  rate: z.string().regex(/^[\w.:-]{1,200}$/),
  sms: z.enum(["1", ""]).transform((v) => v === "1"),
  submissionId: z.uuid(),
  expectedTotalMinor: z.coerce.number().int().min(0),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
});

const START_AGAIN = "This review is out of date. Please choose the top-up again.";

export async function payForTopupAction(_state: PayState, form: FormData): Promise<PayState> {
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse({
    phone: form.get("phone") ?? "",
    rate: form.get("rate") ?? "",
    sms: form.get("sms") ?? "",
    submissionId: form.get("submissionId") ?? "",
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    email: typedEmail || undefined,
  });
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === "email");
    if (emailIssue && parsed.error.issues.length === 1) return { emailError: "Enter a valid email address, like name@example.com.", email: typedEmail };
    return { error: START_AGAIN, email: typedEmail };
  }
  const input = parsed.data;
  const user = await getCurrentUser();
  const email = input.email ?? user?.email;
  if (!email) return { emailError: "Enter your email address for the receipt.", email: typedEmail };

  // A resubmission of a review that already made an order goes on with that order.
  const existing = await db.order.findUnique({ where: { submissionId: input.submissionId }, select: { id: true, ref: true, userId: true, status: true, upstreamMode: true } });
  if (existing) return continueWith(existing, user?.id ?? null);

  const offer = await loadTopupOffer(input.phone);
  if (!offer.ok) return { error: offer.error, email: typedEmail };
  if (!offer.offer.choices.some((choice) => choice.token === input.rate)) return { error: START_AGAIN, email: typedEmail };

  let order: OrderToPay;
  try {
    const quote = await quoteCommerceOrder({ type: "topup", priceToken: input.rate, phone: input.phone, smsNotification: input.sms });
    if (quote.pricing.totalMinor !== input.expectedTotalMinor) {
      return { priceChanged: true, error: "The price changed since this page was shown. Please check the new total and pay again.", email: typedEmail };
    }
    order = await createOrder(db, {
      productType: "topup",
      submissionId: input.submissionId,
      customerEmail: email,
      userId: user?.id,
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: env.COMMERCE_CHECKOUT_MODE,
    });
  } catch (error) {
    if (isUpstreamError(error)) return { error: error.userMessage, email: typedEmail };
    if (error instanceof OrderSubmissionConflictError) return { error: START_AGAIN, email: typedEmail };
    logger.error({ err: error }, "top-up order could not be created");
    return { error: "We could not create your order. Nothing was charged. Please try again.", email: typedEmail };
  }
  return continueWith(order, user?.id ?? null);
}

type OrderToPay = { id: string; ref: string; userId: string | null; status: string; upstreamMode: string };

/** The order this submission made: to its checkout while unpaid, else to its page. */
async function continueWith(order: OrderToPay, viewerId: string | null): Promise<PayState> {
  // Someone else's submission id (a shared review link): never hand over their order.
  if (order.userId !== null && order.userId !== viewerId) return { error: START_AGAIN };
  let redirectUrl: string;
  try {
    // An order that no longer awaits payment (the other tab paid) comes back as its order page.
    redirectUrl = await beginPayment(db, order);
  } catch (error) {
    // The order exists: its page offers "Pay now" again.
    if (!(error instanceof PaymentError)) logger.warn({ err: error, orderId: order.id }, "checkout could not be started");
    redirect(`/orders/${order.ref}`);
  }
  redirect(redirectUrl);
}
