"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { z } from "zod";
import { CHECKLIST, type UnlockPayState } from "@/components/shop/unlock/order-form-state";
import { getCurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { continueToPayment, type OrderToPay } from "@/lib/orders/continue-to-payment";
import { createOrder, OrderSubmissionConflictError } from "@/lib/orders/create";
import { submissionOf } from "@/lib/orders/submitter-action";
import { emailSchema } from "@/lib/validation/email";
import { imeiProblem, normaliseImei, suffixProblem, type Suffixes } from "@/lib/validation/imei";
import { loadSelection, unlockOrderDetail } from "./catalog";

// "Pay" on the unlock order form. Nothing from the browser is trusted: the ids must name a
// device, network and service the catalog offers together, the IMEI and exactly the suffixes
// that service needs are validated again (the form checks them as typed), and the price is
// computed again and must equal what the buyer saw. One submission makes one order: a double
// click, a resent form or a reload in this browser reach the same order; no other browser is
// ever handed it (lib/orders/submitter.ts).

const idField = z.coerce.number().int().min(0).max(1e12);
const paySchema = z.object({
  brand: idField,
  device: idField,
  country: idField,
  network: idField,
  tool: idField,
  expectedTotalMinor: z.coerce.number().int().min(0),
});

const START_AGAIN = "This order form is out of date. Please choose the unlock service again.";

export async function payForUnlockAction(_state: UnlockPayState, form: FormData): Promise<UnlockPayState> {
  expectActionInput(isForm(form));
  const typedEmail = String(form.get("email") ?? "").trim();
  const parsed = paySchema.safeParse(Object.fromEntries(["brand", "device", "country", "network", "tool", "expectedTotalMinor"].map((k) => [k, form.get(k) ?? ""])));
  if (!parsed.success) return { error: START_AGAIN, email: typedEmail };
  const input = parsed.data;
  const user = await getCurrentUser();

  const selection = await loadSelection({ brand: String(input.brand), device: String(input.device), country: String(input.country), network: String(input.network) });
  if (!selection.ok) return { error: selection.error, email: typedEmail };
  const tool = selection.value?.tools.find((t) => t.id === input.tool);
  if (!selection.value || !tool) return { error: START_AGAIN, email: typedEmail };

  const fieldErrors: Record<string, string> = {};
  if (CHECKLIST.some((name) => form.get(name) !== "on")) fieldErrors.checklist = "Please confirm each point of the checklist before ordering.";
  const imei = normaliseImei(String(form.get("imei") ?? ""));
  const badImei = imeiProblem(imei);
  if (badImei) fieldErrors.imei = badImei;
  const suffixes: Suffixes = {};
  for (const flag of tool.needs) {
    const value = String(form.get(flag) ?? "").trim();
    const problem = value === "" ? suffixProblem(flag, "") : suffixProblem(flag, value);
    if (problem) fieldErrors[flag] = problem;
    else suffixes[flag] = value;
  }
  const email = typedEmail ? emailSchema.safeParse(typedEmail) : null;
  const emailError = email && !email.success ? "Enter a valid email address, like name@example.com." : !email && !user?.email ? "Enter your email address: we send the receipt and your order link there." : undefined;
  if (Object.keys(fieldErrors).length > 0 || emailError) return { fieldErrors, emailError, email: typedEmail };
  const customerEmail = email?.success ? email.data : user!.email;

  // This browser's resubmission of a form that already made an order goes on with that order.
  const choice = { brand: input.brand, device: input.device, country: input.country, network: input.network, tool: input.tool, imei, suffixes };
  const submission = await submissionOf(db, { productType: "unlock", userId: user?.id ?? null, email: customerEmail, totalMinor: input.expectedTotalMinor, choice });
  if (submission.existing) return continueToPayment(submission.existing, submission.claimant, START_AGAIN);

  if (tool.price.totalMinor !== input.expectedTotalMinor) {
    return { priceChanged: true, error: "The price changed since this page was shown. Please check the new total and pay again.", email: typedEmail };
  }
  let order: OrderToPay;
  try {
    order = await createOrder(db, {
      productType: "unlock",
      submissionId: submission.submissionId,
      submitterHash: submission.submitterHash,
      customerEmail,
      userId: user?.id,
      detail: unlockOrderDetail(selection.value, tool, imei, suffixes) as Prisma.InputJsonValue,
      pricing: tool.price,
      upstreamMode: "credits",
    });
  } catch (error) {
    if (error instanceof OrderSubmissionConflictError) return { error: START_AGAIN, email: typedEmail };
    logger.error({ err: error }, "unlock order could not be created");
    return { error: "We could not create your order. Nothing was charged. Please try again.", email: typedEmail };
  }
  return continueToPayment(order, submission.claimant, START_AGAIN);
}
