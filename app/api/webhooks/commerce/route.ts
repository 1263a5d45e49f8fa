import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { processCommerceReceipt } from "@/lib/webhooks/process";
import { errorAnswer, readRawBody, refuseTooLarge, receiveWebhook, verifyCommerceDelivery, type WebhookAnswer } from "@/lib/webhooks/receive";
import { readCommerceWebhookConnection, readCommerceWebhookSecret } from "@/lib/webhooks/settings";

// POST /api/webhooks/commerce: the commerce API's order events (DESIGN.md "Webhook
// receiver"). The raw body is verified with the shop's stored signing secret, stored as a
// receipt before any answer, deduplicated by event id (lib/webhooks/receive.ts), then
// processed (lib/webhooks/process.ts) by the order core (lib/orders/apply-upstream.ts).
// Everything is in lib/webhooks; this file only wires the app's database and secrets.

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
  const [secret, connectionId] = await Promise.all([readCommerceWebhookSecret(db, env.APP_ENCRYPTION_KEY), readCommerceWebhookConnection(db)]);
  return receiveWebhook(db, {
    provider: "commerce",
    rawBody,
    headers: request.headers,
    verification: verifyCommerceDelivery(rawBody, request.headers, secret, connectionId),
    process: processCommerceReceipt,
  });
}
