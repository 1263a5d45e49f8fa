import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { handleStripeWebhook } from "@/lib/payments/stripe/webhook";
import { afterAnswer } from "@/lib/webhooks/after-answer";
import { errorAnswer, readRawBody, refuseTooLarge, type WebhookAnswer } from "@/lib/webhooks/receive";

// POST /api/payments/stripe/webhook: Stripe's signed events about Checkout Sessions. The
// signature is checked on the raw body with STRIPE_WEBHOOK_SECRET; see lib/payments/stripe/webhook.ts.

export const dynamic = "force-dynamic";

// The delivery is stored before the answer and processed after it (lib/webhooks/receive.ts);
// a paid order is placed right there, after the answer (placeAfterPaid); a placement that fails
// owes the buyer's refund, which the order worker makes (docs/orders.md "Refund after a failure").

export async function POST(request: Request): Promise<Response> {
  const answer = await receive(request).catch((error: unknown): WebhookAnswer => {
    logger.error({ err: error }, "Stripe webhook could not be received");
    return errorAnswer(503, "unavailable", "The delivery could not be stored; please retry.");
  });
  return Response.json(answer.body, { status: answer.status });
}

async function receive(request: Request): Promise<WebhookAnswer> {
  if (!env.STRIPE_WEBHOOK_SECRET)
    return errorAnswer(404, "stripe_not_configured", "Stripe payments are not enabled in this shop.");
  const body = await readRawBody(request);
  if (!body.ok) return refuseTooLarge(db, "stripe", request.headers, body);
  const rawBody = body.text;
  return handleStripeWebhook(db, { rawBody, headers: request.headers, secret: env.STRIPE_WEBHOOK_SECRET, afterAnswer });
}
