import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { AfterAnswer } from "./after-answer";
import { processCommerceReceipt } from "./process";
import { errorAnswer, readRawBody, refuseTooLarge, receiveWebhook, verifyCommerceDelivery, type WebhookAnswer } from "./receive";
import { commerceReceiverSettings } from "./receiver-settings";

// POST /api/webhooks/commerce: the commerce API's order events (DESIGN.md "Webhook
// receiver"). The raw body is verified with the shop's signing secret (held in memory for a
// few seconds, ./receiver-settings.ts), stored as a receipt and deduplicated by event id before
// any answer (./receive.ts), then processed after the answer (./process.ts) by the order core
// (lib/orders/apply-upstream.ts). Two doors call this: the Next.js route
// (app/api/webhooks/commerce/route.ts) and scripts/serve.mjs's front door
// (lib/http/front-routes.mjs, registered by ./front-route.ts), which answers without Next.js's
// request pipeline; each hands over its own way of working after the answer.

export const COMMERCE_WEBHOOK_PATH = "/api/webhooks/commerce";

export async function receiveCommerceWebhook(request: Request, afterAnswer: AfterAnswer): Promise<Response> {
  const answer = await receive(request, afterAnswer).catch((error: unknown): WebhookAnswer => {
    // Nothing could be stored (the database is down): not acknowledged, so the sender retries.
    logger.error({ err: error }, "commerce webhook could not be received");
    return errorAnswer(503, "unavailable", "The delivery could not be stored; please retry.");
  });
  return Response.json(answer.body, { status: answer.status });
}

async function receive(request: Request, afterAnswer: AfterAnswer): Promise<WebhookAnswer> {
  const body = await readRawBody(request);
  if (!body.ok) return refuseTooLarge(db, "commerce", request.headers, body);
  const rawBody = body.text;
  const settings = await commerceReceiverSettings(db, env.APP_ENCRYPTION_KEY);
  return receiveWebhook(db, {
    provider: "commerce",
    rawBody,
    headers: request.headers,
    verification: verifyCommerceDelivery(rawBody, request.headers, settings.verifier ?? settings.secret, settings.connectionId),
    process: processCommerceReceipt,
    afterAnswer,
  });
}
