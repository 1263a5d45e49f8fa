import type { DbClient } from "@/lib/db/create-client";
import { logger } from "@/lib/log";
import { UpstreamError } from "@/lib/upstream/errors";
import type { CommerceClient } from "@/lib/upstream/commerce/client";
import { COMMERCE_EVENTS } from "./commerce-events";
import { readSetting, withSettingLease } from "@/lib/db/settings";
import { connectionIdFor } from "@/lib/upstream/connection/registry";
import {
  clearWebhookRefusal,
  hasWebhookScopes,
  readWebhookRefusal,
  recordWebhookRefusal,
  refusalOf,
  refusalSubject,
  WEBHOOK_SCOPE_NAMES,
  type GrantMark,
  type RefusalReason,
  type WebhookRefusal,
} from "./refusal";
import { storeSubscription, storeSubscriptionConnection, WEBHOOK_SETTINGS } from "./settings";

// Keeps the shop subscribed to the commerce API's order events: the receiver URL
// ({APP_URL}/api/webhooks/commerce) registered once, its id and signing secret stored. Run at
// every start: it checks the stored subscription still exists, points at the current URL, is
// active and lists the three events; fixes it in place when it can (the secret stays the
// same); registers a new one only when there is none (or it is gone). Subscriptions to the same
// URL whose secret the shop does not hold (left by a crash during registration) are removed,
// since their deliveries could never be verified and the account may hold only five. An upstream
// that refuses the subscription (no webhook scopes, an http receiver on an https-only API) is
// remembered and not asked again until the connection changes (refusal.ts).

export type WebhookClient = Pick<
  CommerceClient,
  "createWebhook" | "listWebhooks" | "getWebhook" | "updateWebhook" | "deleteWebhook" | "connection"
>;

export type EnsureResult =
  | { outcome: "created" | "updated" | "unchanged"; webhookId: string; url: string }
  | { outcome: "busy" }
  /** Order events off (refusal.ts): the upstream will not let this connection subscribe; not asked again until the connection changes. */
  | { outcome: "refused"; refusal: WebhookRefusal; remembered: boolean };

export function commerceReceiverUrl(appUrl: string): string {
  return `${appUrl.replace(/\/+$/, "")}/api/webhooks/commerce`;
}

/**
 * `grant`: the OAuth grant in use (its scope and when it was made), null for an API key. A
 * refusal remembered for the same connection, URL and grant is answered without asking again.
 */
export async function ensureCommerceWebhook(
  db: DbClient,
  options: { appUrl: string; client: WebhookClient; encryptionKey: string; grant?: GrantMark },
): Promise<EnsureResult> {
  const { client } = options;
  const url = commerceReceiverUrl(options.appUrl);
  // The subscription lives in the account the client talks to: its deliveries are that connection's news.
  const connectionId = await connectionIdFor(db, await client.connection());
  const grant = options.grant ?? null;
  const subject = refusalSubject({ connectionId, url, grant });
  const refuse = async (found: { reason: RefusalReason; code: string; message: string }): Promise<EnsureResult> => {
    const refusal: WebhookRefusal = { ...found, url, subject, at: new Date().toISOString() };
    await recordWebhookRefusal(db, refusal);
    logger.warn(
      { reason: refusal.reason, code: refusal.code, url },
      "the upstream refuses this shop's webhook subscription: order events are off, orders are followed by polling",
    );
    return { outcome: "refused", refusal, remembered: false };
  };

  const known = await readWebhookRefusal(db);
  if (known?.subject === subject) return { outcome: "refused", refusal: known, remembered: true };
  // C§5: an OAuth grant without the webhook scopes cannot manage webhooks; not worth a 403.
  if (grant && !hasWebhookScopes(grant.scope)) {
    return refuse({
      reason: "scope",
      code: "MISSING_WEBHOOK_SCOPES",
      message: `the OAuth grant has "${grant.scope}", without ${WEBHOOK_SCOPE_NAMES.join(" ")}`,
    });
  }
  try {
    const result = await subscribe(db, { ...options, url, connectionId });
    if (result.outcome !== "busy") await clearWebhookRefusal(db);
    return result;
  } catch (error) {
    const found = refusalOf(error, url);
    if (found) return refuse(found);
    throw error;
  }
}

async function subscribe(
  db: DbClient,
  options: { url: string; client: WebhookClient; encryptionKey: string; connectionId: string },
): Promise<EnsureResult> {
  const { client, url, connectionId } = options;
  const leased = await withSettingLease(db, WEBHOOK_SETTINGS.lock, 60_000, async (): Promise<EnsureResult> => {
    const storedId = await readSetting(db, WEBHOOK_SETTINGS.id);
    const hasSecret = (await readSetting(db, WEBHOOK_SETTINGS.secret)) !== null;
    if (storedId && hasSecret) {
      const current = await client.getWebhook(storedId).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      });
      if (current) {
        await storeSubscriptionConnection(db, connectionId);
        const fits =
          current.url === url &&
          current.status === "active" &&
          COMMERCE_EVENTS.every((e) => current.events.includes(e));
        if (fits) return { outcome: "unchanged", webhookId: storedId, url };
        await client.updateWebhook(storedId, { url, events: [...COMMERCE_EVENTS], status: "active" });
        await db.setting.upsert({
          where: { key: WEBHOOK_SETTINGS.url },
          create: { key: WEBHOOK_SETTINGS.url, value: url },
          update: { value: url },
        });
        logger.info({ webhookId: storedId, url }, "commerce webhook subscription updated");
        return { outcome: "updated", webhookId: storedId, url };
      }
      logger.warn(
        { webhookId: storedId },
        "the stored commerce webhook subscription is gone upstream; registering a new one",
      );
    }
    await removeOrphans(client, url, null);
    const created = await client.createWebhook({ url, events: [...COMMERCE_EVENTS] });
    await storeSubscription(db, {
      id: created.id,
      url,
      secret: created.secret,
      encryptionKey: options.encryptionKey,
      connectionId,
    });
    logger.info({ webhookId: created.id, url }, "commerce webhook subscription registered");
    return { outcome: "created", webhookId: created.id, url };
  });
  return leased.ran ? leased.value : { outcome: "busy" };
}

/** Switches the stored subscription off upstream (COMMERCE_WEBHOOKS=off): the shop then follows orders by polling alone. */
export async function disableCommerceWebhook(
  db: DbClient,
  options: { client: WebhookClient },
): Promise<"disabled" | "none" | "refused"> {
  await clearWebhookRefusal(db); // order events are off by choice, not refused
  const storedId = await readSetting(db, WEBHOOK_SETTINGS.id);
  if (!storedId) return "none";
  try {
    await options.client.updateWebhook(storedId, { status: "disabled" });
    return "disabled";
  } catch (error) {
    if (isNotFound(error)) return "none";
    // This connection may not change it (no webhook scopes): nothing this shop can switch off.
    if (refusalOf(error)) return "refused";
    throw error;
  }
}

async function removeOrphans(client: WebhookClient, url: string, keepId: string | null): Promise<void> {
  for (const webhook of await client.listWebhooks()) {
    if (webhook.url !== url || webhook.id === keepId) continue;
    await client.deleteWebhook(webhook.id).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
    logger.info(
      { webhookId: webhook.id, url },
      "removed a commerce webhook subscription whose secret the shop does not hold",
    );
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.kind === "api" && error.status === 404;
}
