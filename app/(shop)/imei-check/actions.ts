"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { z } from "zod";
import type { ImeiCheckPayState } from "@/components/shop/imei-check/imei-check-form";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { continueToPayment, type OrderToPay } from "@/lib/orders/continue-to-payment";
import { createOrder, OrderSubmissionConflictError } from "@/lib/orders/create";
import { submissionOf } from "@/lib/orders/submitter-action";
import { imeiCheckPrice } from "@/lib/products/unlock/price";
import { emailSchema } from "@/lib/validation/email";
import { imeiProblem, normaliseImei } from "@/lib/validation/imei";

// "Pay" on the IMEI check page: the IMEI is validated again, the price computed again and
// compared with what the buyer saw; one submission makes one order, handed back only to the
// browser that made it (lib/orders/submitter.ts).

const START_AGAIN = "This page is out of date. Please reload it and try again.";
const paySchema = z.object({ expectedTotalMinor: z.coerce.number().int().min(0) });

export async function payForImeiCheckAction(_state: ImeiCheckPayState, form: FormData): Promise<ImeiCheckPayState> {
  expectActionInput(isForm(form));
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse({ expectedTotalMinor: form.get("expectedTotalMinor") ?? "" });
  if (!parsed.success) return { error: START_AGAIN, email: typedEmail };
  const user = await getCurrentUser();

  const imei = normaliseImei(String(form.get("imei") ?? ""));
  const imeiError = imeiProblem(imei) ?? undefined;
  const email = typedEmail ? emailSchema.safeParse(typedEmail) : null;
  const emailError = email && !email.success ? "Enter a valid email address, like name@example.com." : !email && !user?.email ? "Enter your email address: we send the receipt and your order link there." : undefined;
  if (imeiError || emailError) return { imeiError, emailError, email: typedEmail };
  const customerEmail = email?.success ? email.data : user!.email;

  // This browser's resubmission of a check that already made an order goes on with that order.
  const submission = await submissionOf(db, { productType: "imeicheck", userId: user?.id ?? null, email: customerEmail, totalMinor: parsed.data.expectedTotalMinor, choice: { imei } });
  if (submission.existing) return continueToPayment(submission.existing, submission.claimant, START_AGAIN);

  const pricing = await imeiCheckPrice(db);
  if (pricing.totalMinor !== parsed.data.expectedTotalMinor) {
    return { priceChanged: true, error: "The price changed since this page was shown. Please check the new total and pay again.", email: typedEmail };
  }
  let order: OrderToPay;
  try {
    order = await createOrder(db, {
      productType: "imeicheck",
      submissionId: submission.submissionId,
      submitterHash: submission.submitterHash,
      customerEmail,
      userId: user?.id,
      detail: { imei },
      pricing,
      upstreamMode: "credits",
    });
  } catch (error) {
    if (error instanceof OrderSubmissionConflictError) return { error: START_AGAIN, email: typedEmail };
    logger.error({ err: error }, "IMEI check order could not be created");
    return { error: "We could not create your order. Nothing was charged. Please try again.", email: typedEmail };
  }
  return continueToPayment(order, submission.claimant, START_AGAIN);
}
