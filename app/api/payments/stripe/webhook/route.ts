import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { handleStripeWebhook } from "@/lib/payments/stripe/webhook";
import { errorAnswer, readRawBody, type WebhookAnswer } from "@/lib/webhooks/receive";
import { storeRejected } from "@/lib/webhooks/store";

// POST /api/payments/stripe/webhook: Stripe's signed events about Checkout Sessions. The
// signature is checked on the raw body with STRIPE_WEBHOOK_SECRET; see lib/payments/stripe/webhook.ts.

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const answer = await receive(request).catch((error: unknown): WebhookAnswer => {
    logger.error({ err: error }, "Stripe webhook could not be received");
    return errorAnswer(503, "unavailable", "The delivery could not be stored; please retry.");
  });
  return Response.json(answer.body, { status: answer.status });
}

async function receive(request: Request): Promise<WebhookAnswer> {
  if (!env.STRIPE_WEBHOOK_SECRET) return errorAnswer(404, "stripe_not_configured", "Stripe payments are not enabled in this shop.");
  const rawBody = await readRawBody(request);
  if (rawBody === null) {
    await storeRejected(db, { provider: "stripe", headers: request.headers, rawBody: "", reason: "payload_too_large" });
    return errorAnswer(413, "payload_too_large", "The body is larger than this endpoint accepts.");
  }
  return handleStripeWebhook(db, { rawBody, headers: request.headers, secret: env.STRIPE_WEBHOOK_SECRET });
}
