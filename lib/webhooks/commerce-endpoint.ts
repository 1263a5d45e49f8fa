import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import type { AfterAnswer } from "./after-answer";
import { processCommerceReceipt } from "./process";
import {
  errorAnswer,
  readRawBody,
  refuseTooLarge,
  receiveWebhook,
  verifyCommerceDelivery,
  type RawBody,
  type WebhookAnswer,
} from "./receive";
import { commerceReceiverSettings } from "./receiver-settings";

// POST /api/webhooks/commerce: the commerce API's order events (docs/orders.md "Commerce
// webhook receiver"). The raw body is verified with the shop's signing secret (held in memory for a
// few seconds, ./receiver-settings.ts), stored as a receipt and deduplicated by event id before
// any answer (./receive.ts), then processed after the answer (./process.ts) by the order core
// (lib/orders/apply-upstream.ts). Two doors call this: the Next.js route
// (app/api/webhooks/commerce/route.ts) and scripts/serve.mjs's front door
// (lib/http/front-routes.mjs, registered by ./front-route.ts), which answers without Next.js's
// request pipeline or a Web Request; each reads the body with the cap its own way and hands
// over its own way of working after the answer.

export const COMMERCE_WEBHOOK_PATH = "/api/webhooks/commerce";

/** The Next.js route's door: a Web Request in, a Response out. */
export async function receiveCommerceWebhook(request: Request, afterAnswer: AfterAnswer): Promise<Response> {
  const answer = await receiveCommerceDelivery(request.headers, () => readRawBody(request), afterAnswer);
  return Response.json(answer.body, { status: answer.status });
}

/**
 * Both doors' receiver: the delivery's headers and its body (read with the cap by the door) in,
 * the answer's status and JSON body out.
 */
export async function receiveCommerceDelivery(
  headers: Headers,
  body: RawBody | (() => Promise<RawBody>),
  afterAnswer: AfterAnswer,
): Promise<WebhookAnswer> {
  return receive(headers, typeof body === "function" ? await body() : body, afterAnswer).catch(
    (error: unknown): WebhookAnswer => {
      // Nothing could be stored (the database is down): not acknowledged, so the sender retries.
      logger.error({ err: error }, "commerce webhook could not be received");
      return errorAnswer(503, "unavailable", "The delivery could not be stored; please retry.");
    },
  );
}

async function receive(headers: Headers, body: RawBody, afterAnswer: AfterAnswer): Promise<WebhookAnswer> {
  if (!body.ok) return refuseTooLarge(db, "commerce", headers, body);
  const rawBody = body.text;
  const settings = await commerceReceiverSettings(db, env.APP_ENCRYPTION_KEY);
  return receiveWebhook(db, {
    provider: "commerce",
    rawBody,
    headers,
    verification: verifyCommerceDelivery(rawBody, headers, settings.verifier ?? settings.secret, settings.connectionId),
    process: processCommerceReceipt,
    afterAnswer,
  });
}
