"use server";

import { expectActionInput, isForm, isText } from "@/lib/http/action-input";
import { after } from "next/server";
import { getLocale, getTranslations } from "next-intl/server";
import { redirectInLanguage } from "@/lib/i18n/redirect";
import { z } from "zod";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { paymentErrorText } from "@/lib/payments/error-text";
import {
  markPaymentDeclined,
  PaymentError,
  paySandboxPayment,
  placeAfterPaid,
  startCheckout,
  type AfterPaid,
} from "@/lib/payments";
import { loadSandboxPayment } from "./access";

// The test checkout's buttons. Each action re-checks who may use the payment (the id arrives
// from the browser), then changes it through lib/payments, where every change is conditional:
// a double click or a second tab paying the same attempt gets one success.

export type SandboxActionState = { error?: string };

const outcomeSchema = z.enum(["pay", "decline", "abandon"]);

// A paid order is placed once the answer is on its way: the order page the buyer is sent to renders
// without sharing the server with the placement, and shows "Processing" either way, then follows
// the order by itself. Should the process die first, the worker places it: a paid order is due at
// once (lib/payments/succeed.ts).
const placeAfterResponse: AfterPaid = async (db, orderId, by) => after(() => placeAfterPaid(db, orderId, by));

/** The actions' messages, in the language of the page the buyer clicked on. */
const messages = async () => getTranslations({ locale: await getLocale(), namespace: "OrderActions" });

export async function sandboxOutcomeAction(
  paymentId: string,
  _state: SandboxActionState,
  form: FormData,
): Promise<SandboxActionState> {
  expectActionInput(isText(paymentId, 200) && isForm(form));
  const outcome = outcomeSchema.safeParse(form.get("outcome"));
  if (!outcome.success) return { error: (await messages())("chooseOutcome") };
  const access = await loadSandboxPayment(paymentId);
  if (access.kind !== "ok") return { error: (await messages())("paymentNotFound") };
  const { payment, user } = access;
  const orderPage = `/orders/${payment.order.ref}`;
  const by = { source: "buyer" as const, actor: user?.id };

  // Leaving changes nothing now: the attempt lapses at its expiry (runPaymentHousekeeping).
  if (outcome.data === "abandon") return redirectInLanguage(orderPage);

  if (outcome.data === "decline") {
    const declined = await markPaymentDeclined(db, payment.id, { ...by, reason: "test card declined" });
    if (declined.outcome === "not_pending" && declined.status === "succeeded") return redirectInLanguage(orderPage);
    // The page shows the attempt as it now is (declined, or whatever happened first).
    return redirectInLanguage(`/pay/${payment.id}`);
  }

  // Refused once the shop runs with Stripe: the page then offers the card payment instead.
  const result = await paySandboxPayment(db, payment.id, { ...by, afterPaid: placeAfterResponse });
  if (result.outcome === "not_payable" || result.outcome === "provider_changed")
    return redirectInLanguage(`/pay/${payment.id}`);
  return redirectInLanguage(orderPage);
}

/** "Try again" after a decline or an expiry: a new attempt for the same order. */
export async function retryPaymentAction(
  paymentId: string,
  _state: SandboxActionState,
  _form: FormData,
): Promise<SandboxActionState> {
  expectActionInput(isText(paymentId, 200) && isForm(_form));
  const access = await loadSandboxPayment(paymentId);
  if (access.kind !== "ok") return { error: (await messages())("paymentNotFound") };
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await startCheckout(db, access.payment.order.id, { source: "buyer", actor: access.user?.id }));
  } catch (error) {
    if (error instanceof PaymentError) return { error: paymentErrorText(error, await getLocale()) };
    logger.error({ err: error, paymentId }, "could not start a new payment attempt");
    return { error: (await messages())("couldNotRetry") };
  }
  return redirectInLanguage(redirectUrl);
}
