"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { z } from "zod";
import type { GiftcardPayState } from "@/components/shop/giftcards/pay-form";
import { giftcardDetailOf } from "@/components/shop/orders/giftcard-view";
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
import { loadBrandOffer } from "./catalog";

// "Pay" on the gift card review. Modelled on the top-up's payForTopupAction: nothing from the
// browser is trusted. The country and brand must name a brand the catalog sells there, the
// price token must be one of that brand's current denominations, the email is checked, and the
// price is quoted again on the server and must equal what the buyer saw. One submission makes
// one order: a double click, a resent form or the review in two tabs of this browser reach one
// order; no other browser is ever handed it (lib/orders/submitter.ts).

const paySchema = z.object({
  country: z.string().regex(/^[a-z]{2}$/),
  brand: z.string().regex(/^[a-z0-9-]{1,80}$/),
  denomination: z.string().regex(/^[\w.:-]{1,200}$/),
  expectedTotalMinor: z.coerce.number().int().min(0),
  email: emailSchema.optional(),
});

const START_AGAIN = "This review is out of date. Please choose the gift card again.";

export async function payForGiftcardAction(_state: GiftcardPayState, form: FormData): Promise<GiftcardPayState> {
  expectActionInput(isForm(form));
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse({
    country: form.get("country") ?? "",
    brand: form.get("brand") ?? "",
    denomination: form.get("denomination") ?? "",
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
  if (!email) return { emailError: "Enter your email address: we send the receipt and your order link there.", email: typedEmail };

  // This browser's resubmission of a review that already made an order goes on with that order.
  const choice = { country: input.country, brand: input.brand, denomination: input.denomination };
  const submission = await submissionOf(db, { productType: "giftcard", userId: user?.id ?? null, email, totalMinor: input.expectedTotalMinor, choice });
  if (submission.existing) return continueToPayment(submission.existing, submission.claimant, START_AGAIN);

  const offer = await loadBrandOffer(input.country, input.brand);
  if (offer.ok === false) return { error: offer.error, email: typedEmail };
  if (offer.ok !== true) return { error: START_AGAIN, email: typedEmail };
  const denomination = offer.value.denominations.find((d) => d.token === input.denomination);
  if (!denomination) return { error: START_AGAIN, email: typedEmail };
  const { brand } = offer.value;

  let order: OrderToPay;
  try {
    const quote = await quoteCommerceOrder({ type: "giftcard", priceToken: denomination.token }, { visitor: await requestVisitor() });
    if (quote.pricing.totalMinor !== input.expectedTotalMinor) {
      return { priceChanged: true, error: "The price changed since this page was shown. Please check the new total and pay again.", email: typedEmail };
    }
    const giftcard = giftcardDetailOf(brand, denomination);
    order = await createOrder(db, {
      productType: "giftcard",
      submissionId: submission.submissionId,
      submitterHash: submission.submitterHash,
      customerEmail: email,
      userId: user?.id,
      detail: { ...quote.detail, giftcard } as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: env.COMMERCE_CHECKOUT_MODE,
    });
  } catch (error) {
    if (isUpstreamError(error)) return { error: error.userMessage, email: typedEmail };
    if (error instanceof OrderSubmissionConflictError) return { error: START_AGAIN, email: typedEmail };
    logger.error({ err: error }, "gift card order could not be created");
    return { error: "We could not create your order. Nothing was charged. Please try again.", email: typedEmail };
  }
  return continueToPayment(order, submission.claimant, START_AGAIN);
}
