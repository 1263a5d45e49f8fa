import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { commerceClient } from "@/lib/upstream/commerce";
import { disableCommerceWebhook, ensureCommerceWebhook } from "./subscription";

// Called once per app process at start-up (instrumentation). With COMMERCE_WEBHOOKS=on
// (default) it makes sure the commerce API delivers order events to this shop; with "off" it
// switches the stored subscription off, so orders are followed by polling alone. It never
// throws and never delays start-up: an unreachable upstream is retried in the background.

const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000];

const state = globalThis as unknown as { __commerceWebhookBootstrap?: Promise<void> };

export function bootstrapCommerceWebhooks(): Promise<void> {
  return (state.__commerceWebhookBootstrap ??= run(0));
}

async function run(attempt: number): Promise<void> {
  try {
    if (env.COMMERCE_WEBHOOKS === "off") {
      const result = await disableCommerceWebhook(db, { client: commerceClient() });
      logger.info({ result }, "commerce webhooks are off (COMMERCE_WEBHOOKS=off): orders are followed by polling");
      return;
    }
    const result = await ensureCommerceWebhook(db, { appUrl: env.APP_URL, client: commerceClient(), encryptionKey: env.APP_ENCRYPTION_KEY });
    logger.info(result, "commerce webhook subscription checked");
  } catch (error) {
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    const permanent = error instanceof Error && "kind" in error && (error as { kind?: string }).kind === "config";
    logger.warn({ err: error, retryInMs: permanent ? null : delay }, "could not set up the commerce webhook subscription; orders are followed by polling meanwhile");
    if (permanent) return;
    setTimeout(() => void run(attempt + 1), delay).unref();
  }
}
