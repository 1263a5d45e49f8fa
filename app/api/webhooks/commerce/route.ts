import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { afterAnswer } from "@/lib/webhooks/after-answer";
import { processCommerceReceipt } from "@/lib/webhooks/process";
import { errorAnswer, readRawBody, refuseTooLarge, receiveWebhook, verifyCommerceDelivery, type WebhookAnswer } from "@/lib/webhooks/receive";
import { commerceReceiverSettings } from "@/lib/webhooks/receiver-settings";

// POST /api/webhooks/commerce: the commerce API's order events (DESIGN.md "Webhook
// receiver"). The raw body is verified with the shop's signing secret (held in memory for a
// few seconds, lib/webhooks/receiver-settings.ts), stored as a receipt and deduplicated by event
// id before any answer (lib/webhooks/receive.ts), then processed after the answer
// (lib/webhooks/process.ts) by the order core (lib/orders/apply-upstream.ts). Everything is in
// lib/webhooks; this file only wires the app's database, secrets and after().

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const answer = await receive(request).catch((error: unknown): WebhookAnswer => {
    // Nothing could be stored (the database is down): not acknowledged, so the sender retries.
    logger.error({ err: error }, "commerce webhook could not be received");
    return errorAnswer(503, "unavailable", "The delivery could not be stored; please retry.");
  });
  return Response.json(answer.body, { status: answer.status });
}

async function receive(request: Request): Promise<WebhookAnswer> {
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
