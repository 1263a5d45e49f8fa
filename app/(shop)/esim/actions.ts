"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { z } from "zod";
import type { EsimPayState } from "@/components/shop/esim/pay-form";
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
import { loadPlanOffer } from "./catalog";

// "Pay" on the eSIM review, modelled on the gift card's payForGiftcardAction: nothing from the
// browser is trusted. The destination and plan must name a plan the catalog sells for that
// destination, the price token is the catalog's own (never the form's), the email is checked,
// the price is quoted again and must equal what the buyer saw, and the buyer must have ticked
// the destination confirmation. One submission makes one order, handed back only to the
// browser that made it (lib/orders/submitter.ts).

const paySchema = z.object({
  destination: z.string().regex(/^[a-z]{2}$/),
  plan: z.string().regex(/^[a-z0-9-]{1,100}$/),
  expectedTotalMinor: z.coerce.number().int().min(0),
  email: emailSchema.optional(),
});

const START_AGAIN = "This review is out of date. Please choose the plan again.";

export async function payForEsimAction(_state: EsimPayState, form: FormData): Promise<EsimPayState> {
  expectActionInput(isForm(form));
  const typedEmail = String(form.get("email") ?? "").trim();
  const confirmed = form.get("confirmDestination") === "yes";
  const parsed = paySchema.safeParse({
    destination: form.get("destination") ?? "",
    plan: form.get("plan") ?? "",
    expectedTotalMinor: form.get("expectedTotalMinor") ?? "",
    email: typedEmail || undefined,
  });
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === "email");
    if (emailIssue && parsed.error.issues.length === 1) return { emailError: "Enter a valid email address, like name@example.com.", email: typedEmail, confirmed };
    return { error: START_AGAIN, email: typedEmail, confirmed };
  }
  const input = parsed.data;
  if (!confirmed) return { confirmError: "Confirm that this is where you will use the eSIM.", email: typedEmail, confirmed };
  const user = await getCurrentUser();
  const email = input.email ?? user?.email;
  if (!email) return { emailError: "Enter your email address: we send the receipt and your order link there.", email: typedEmail, confirmed };

  const choice = { destination: input.destination, plan: input.plan };
  const submission = await submissionOf(db, { productType: "esim", userId: user?.id ?? null, email, totalMinor: input.expectedTotalMinor, choice });
  if (submission.existing) return continueToPayment(submission.existing, submission.claimant, START_AGAIN);

  const offer = await loadPlanOffer(input.destination, input.plan);
  if (offer.ok === "disabled") return { error: "Travel eSIMs are not available right now. Nothing was charged.", email: typedEmail, confirmed };
  if (offer.ok === false) return { error: offer.error, email: typedEmail, confirmed };
  if (offer.ok !== true) return { error: START_AGAIN, email: typedEmail, confirmed };
  const { plan, destination, priceToken } = offer.value;

  let order: OrderToPay;
  try {
    const quote = await quoteCommerceOrder({ type: "esim", catalogId: plan.catalogId, priceToken }, { visitor: await requestVisitor() });
    if (quote.pricing.totalMinor !== input.expectedTotalMinor) {
      return { priceChanged: true, error: "The price changed since this page was shown. Please check the new total and pay again.", email: typedEmail, confirmed };
    }
    // What the buyer chose, as the catalog showed it: "What you bought" on the order page reads
    // it. Placement sends only catalog_id and price_token (commerceRequestBody).
    const esim = {
      catalogId: plan.catalogId,
      planName: plan.name,
      destinationCode: destination.code,
      destinationName: destination.name,
      coverage: destination.coverage,
      dataGb: plan.dataGb,
      unlimited: plan.unlimited,
      validityDays: plan.validityDays,
    };
    order = await createOrder(db, {
      productType: "esim",
      submissionId: submission.submissionId,
      submitterHash: submission.submitterHash,
      customerEmail: email,
      userId: user?.id,
      detail: { ...quote.detail, esim } as Prisma.InputJsonValue,
      pricing: quote.pricing,
      upstreamMode: env.COMMERCE_CHECKOUT_MODE,
    });
  } catch (error) {
    if (isUpstreamError(error)) return { error: error.userMessage, email: typedEmail, confirmed };
    if (error instanceof OrderSubmissionConflictError) return { error: START_AGAIN, email: typedEmail, confirmed };
    logger.error({ err: error }, "eSIM order could not be created");
    return { error: "We could not create your order. Nothing was charged. Please try again.", email: typedEmail, confirmed };
  }
  return continueToPayment(order, submission.claimant, START_AGAIN);
}
