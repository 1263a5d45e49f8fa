"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { z } from "zod";
import type { PayState } from "@/components/shop/topup/pay-form";
import { checkPhone, samePhone } from "@/lib/validation/phone";
import { CONFIRM_EMPTY, CONFIRM_MISMATCH, SMS_TEXT_MAX } from "@/components/shop/topup/rules";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { continueToPayment, type OrderToPay } from "@/lib/orders/continue-to-payment";
import { createOrder, OrderSubmissionConflictError } from "@/lib/orders/create";
import { submissionOf } from "@/lib/orders/submitter-action";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { requestVisitor } from "@/lib/security/request-visitor";
import { isUpstreamError } from "@/lib/upstream/errors";
import { emailSchema } from "@/lib/validation/email";
import { lookupCarrier } from "./carrier";
import { loadOperatorOffer } from "./offer";

// "Pay" on the confirmation step. Nothing from the browser is trusted: the number (and its
// second entry, which must name the same number), the operator (the number must be from its
// country, and the upstream must accept the number), the rate (one of that operator's current
// rates), the SMS choice and text, and the email are checked again, and the price is quoted
// again on the server. One submission makes one order: a double click, a resent form or the
// same review in two tabs of this browser all reach the same order and its checkout; no other
// browser is ever handed it (lib/orders/submitter.ts).

const paySchema = z.object({
  phone: z.string().transform((value, ctx) => {
    const result = checkPhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return { e164: result.e164, country: result.country?.toLowerCase() };
  }),
  confirmPhone: z.string().max(40),
  operator: z.string().regex(/^\d{1,12}$/),
  rate: z.string().regex(/^[\w.:-]{1,200}$/),
  sms: z.enum(["1", ""]).transform((v) => v === "1"),
  smsText: z.string().trim().max(SMS_TEXT_MAX, `The message can be at most ${SMS_TEXT_MAX} characters.`),
  expectedTotalMinor: z.coerce.number().int().min(0),
  email: emailSchema.optional(),
});

const START_AGAIN = "This review is out of date. Please choose the top-up again.";

export async function payForTopupAction(_state: PayState, form: FormData): Promise<PayState> {
  expectActionInput(isForm(form));
  const typed = {
    email: String(form.get("email") ?? "").trim(),
    confirmPhone: String(form.get("confirmPhone") ?? ""),
    smsText: String(form.get("smsText") ?? ""),
  };
  const keep = { email: typed.email, confirmPhone: typed.confirmPhone, smsText: typed.smsText };
  const parsed = paySchema.safeParse({
    phone: form.get("phone") ?? "",
    confirmPhone: typed.confirmPhone,
    operator: form.get("operator") ?? "",
    rate: form.get("rate") ?? "",
    sms: form.get("sms") ?? "",
    smsText: typed.smsText,
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    email: typed.email || undefined,
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const state: PayState = { ...keep };
    if (fields.has("email")) state.emailError = "Enter a valid email address, like name@example.com.";
    if (fields.has("smsText")) state.smsTextError = `The message can be at most ${SMS_TEXT_MAX} characters.`;
    if (fields.has("confirmPhone")) state.confirmError = CONFIRM_MISMATCH;
    const inline = ["email", "smsText", "confirmPhone"];
    if ([...fields].some((field) => !inline.includes(field))) state.error = START_AGAIN;
    return state;
  }
  const input = parsed.data;
  const phone = input.phone.e164;
  // The second entry must name the same number, before anything is looked up or ordered.
  if (!samePhone(phone, input.confirmPhone)) return { ...keep, confirmError: input.confirmPhone.trim() ? CONFIRM_MISMATCH : CONFIRM_EMPTY };

  const user = await getCurrentUser();
  const email = input.email ?? user?.email;
  if (!email) return { ...keep, emailError: "Enter your email address for the receipt." };

  // This browser's resubmission of a review that already made an order goes on with that order.
  const smsText = input.sms && input.smsText ? input.smsText : null;
  const choice = { phone, operator: input.operator, rate: input.rate, sms: input.sms, smsText };
  const submission = await submissionOf(db, { productType: "topup", userId: user?.id ?? null, email, totalMinor: input.expectedTotalMinor, choice });
  if (submission.existing) return continueToPayment(submission.existing, submission.claimant, START_AGAIN);

  const offer = await loadOperatorOffer(input.operator);
  if (!offer.ok) return { ...keep, error: offer.error };
  if (!offer.offer.choices.some((choice) => choice.token === input.rate)) return { ...keep, error: START_AGAIN };
  if (input.phone.country !== offer.offer.countryCode) return { ...keep, error: `This number is not from ${offer.offer.countryName}. Please choose the top-up again.` };
  const carrier = await lookupCarrier(phone);
  if (!carrier.ok) return { ...keep, error: carrier.error };

  let order: OrderToPay;
  try {
    const sms = input.sms;
    const quote = await quoteCommerceOrder({ type: "topup", priceToken: input.rate, phone, smsNotification: sms, smsText: sms && input.smsText ? input.smsText : undefined }, { visitor: await requestVisitor() });
    if (quote.pricing.totalMinor !== input.expectedTotalMinor) {
      return { ...keep, priceChanged: true, error: "The price changed since this page was shown. Please check the new total and pay again." };
    }
    order = await createOrder(db, {
      productType: "topup",
      submissionId: submission.submissionId,
      submitterHash: submission.submitterHash,
      customerEmail: email,
      userId: user?.id,
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: env.COMMERCE_CHECKOUT_MODE,
    });
  } catch (error) {
    if (isUpstreamError(error)) return { ...keep, error: error.userMessage };
    if (error instanceof OrderSubmissionConflictError) return { ...keep, error: START_AGAIN };
    logger.error({ err: error }, "top-up order could not be created");
    return { ...keep, error: "We could not create your order. Nothing was charged. Please try again." };
  }
  return continueToPayment(order, submission.claimant, START_AGAIN);
}
