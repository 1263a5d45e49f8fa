import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { commerceClient } from "@/lib/upstream/commerce";
import { readStoredCommerceCredential } from "@/lib/upstream/connection/credentials";
import type { GrantMark } from "./refusal";
import { disableCommerceWebhook, ensureCommerceWebhook } from "./subscription";

// Called once per app process at start-up (instrumentation), and again when staff change the
// commerce connection. With COMMERCE_WEBHOOKS=on (default) it makes sure the commerce API
// delivers order events to this shop; with "off" it switches the stored subscription off, so
// orders are followed by polling alone. It never throws and never delays start-up: an
// unreachable upstream is retried in the background; an upstream that refuses the subscription
// (refusal.ts) is not asked again until the connection changes, and polling follows the orders.

const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000];

const state = globalThis as unknown as { __commerceWebhookBootstrap?: Promise<void>; __commerceWebhookRun?: number };

export function bootstrapCommerceWebhooks(): Promise<void> {
  return (state.__commerceWebhookBootstrap ??= run(0, currentRun()));
}

/** After staff changed the commerce connection: check the subscription again at once (a pending retry of the old connection stops). */
export function recheckCommerceWebhooks(): Promise<void> {
  state.__commerceWebhookBootstrap = run(0, nextRun());
  return state.__commerceWebhookBootstrap;
}

const currentRun = () => (state.__commerceWebhookRun ??= 0);
const nextRun = () => (state.__commerceWebhookRun = currentRun() + 1);

/** The OAuth grant the commerce client uses, if it uses one (an environment key wins over anything stored). */
async function grantInUse(): Promise<GrantMark> {
  if (env.COMMERCE_API_KEY) return null;
  const stored = await readStoredCommerceCredential({ fresh: true });
  return stored?.kind === "oauth" ? { scope: stored.scope, connectedAt: stored.connectedAt } : null;
}

async function run(attempt: number, generation: number): Promise<void> {
  if (generation !== currentRun()) return; // a recheck started since
  try {
    if (env.COMMERCE_WEBHOOKS === "off") {
      const result = await disableCommerceWebhook(db, { client: commerceClient() });
      logger.info({ result }, "commerce webhooks are off (COMMERCE_WEBHOOKS=off): orders are followed by polling");
      return;
    }
    const result = await ensureCommerceWebhook(db, {
      appUrl: env.APP_URL,
      client: commerceClient(),
      encryptionKey: env.APP_ENCRYPTION_KEY,
      grant: await grantInUse(),
    });
    if (result.outcome === "refused") {
      logger.info(
        { reason: result.refusal.reason, code: result.refusal.code, since: result.refusal.at },
        "commerce order events are off for this connection; orders are followed by polling",
      );
      return;
    }
    logger.info(result, "commerce webhook subscription checked");
  } catch (error) {
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    const permanent = error instanceof Error && "kind" in error && (error as { kind?: string }).kind === "config";
    logger.warn(
      { err: error, retryInMs: permanent ? null : delay },
      "could not set up the commerce webhook subscription; orders are followed by polling meanwhile",
    );
    if (permanent) return;
    setTimeout(() => void run(attempt + 1, generation), delay).unref();
  }
}
