import { z } from "zod";
import type { CurrentUser } from "@/lib/auth/guards";
import { recordAudit } from "@/lib/audit/record";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { DbClient } from "@/lib/db/create-client";
import { readSetting } from "@/lib/db/settings";
import { isLoopbackHost } from "@/lib/upstream/transport";
import type { Webhook } from "@/lib/upstream/commerce/schemas";
import { COMMERCE_EVENTS } from "@/lib/webhooks/commerce-events";
import { connectionIdFor } from "@/lib/upstream/connection/registry";
import { storeSubscription, WEBHOOK_SETTINGS } from "@/lib/webhooks/settings";
import { forgetCommerceReceiverSettings } from "@/lib/webhooks/receiver-settings";
import { commerceReceiverUrl, type WebhookClient } from "@/lib/webhooks/subscription";

// Staff manage the shop's webhook subscriptions at the commerce API: list, create, edit (URL,
// events, status) and delete. Rules (docs/admin.md "Webhooks"):
// - URLs are https://, or http:// to a loopback host (the embedded emulator), as everywhere in the app;
// - at most MAX_SUBSCRIPTIONS per account, checked here before asking the upstream (which refuses a 6th too);
// - the signing secret of a new subscription is shown once (the return value) and stored
//   sealed: as the shop's own receiver secret when the URL is this shop's receiver and the
//   shop holds no working one, otherwise under `commerce.webhook.extra.<id>.secret`;
// - every change is audited with before/after (never the secret).

export const MAX_SUBSCRIPTIONS = 5;

export type Actor = Pick<CurrentUser, "id" | "email">;
export type ManageOptions = { client: WebhookClient; encryptionKey: string; appUrl: string; actor: Actor };

const eventsSchema = z.array(z.enum(COMMERCE_EVENTS)).min(1, "Choose at least one event.");

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the URL the events are sent to.")
  .max(2000, "The URL is too long.")
  .refine((value) => URL.canParse(value), "Enter a full URL, like https://shop.example/api/webhooks/commerce.")
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  }, "The URL must start with https:// (plain http:// only to this machine).");

export const createSchema = z.object({ url: webhookUrlSchema, events: eventsSchema });
export const updateSchema = z.object({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  status: z.enum(["active", "disabled"]).optional(),
});

export type SubscriptionView = Webhook & { isShopReceiver: boolean; secretStored: boolean };

export type ManageResult<T> = { ok: true; value: T } | { ok: false; code: string; message: string; field?: string };

function extraSecretKey(id: string): string {
  return `commerce.webhook.extra.${id}.secret`;
}

export async function listSubscriptions(db: DbClient, client: WebhookClient): Promise<SubscriptionView[]> {
  const [hooks, primaryId, secrets] = await Promise.all([
    client.listWebhooks(),
    readSetting(db, WEBHOOK_SETTINGS.id),
    db.setting.findMany({ where: { key: { startsWith: "commerce.webhook." } }, select: { key: true } }),
  ]);
  const keys = new Set(secrets.map((s) => s.key));
  return hooks.map((hook) => {
    const isShopReceiver = hook.id === primaryId;
    return {
      ...hook,
      isShopReceiver,
      secretStored: isShopReceiver ? keys.has(WEBHOOK_SETTINGS.secret) : keys.has(extraSecretKey(hook.id)),
    };
  });
}

export async function createSubscription(
  db: DbClient,
  input: unknown,
  options: ManageOptions,
): Promise<ManageResult<{ webhook: Webhook; secret: string; isShopReceiver: boolean }>> {
  const parsed = createSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { url, events } = parsed.data;
  const existing = await options.client.listWebhooks();
  if (existing.length >= MAX_SUBSCRIPTIONS) {
    return {
      ok: false,
      code: "WEBHOOK_LIMIT_REACHED",
      message: `The account already has ${MAX_SUBSCRIPTIONS} subscriptions, the most it may have. Delete one first.`,
    };
  }
  const created = await options.client.createWebhook({ url, events: [...events] });
  const { secret, ...webhook } = created;
  // The shop's own receiver can verify deliveries only with a secret it holds: a new
  // subscription to it becomes the shop's one when the stored one is missing or gone.
  const primaryId = await readSetting(db, WEBHOOK_SETTINGS.id);
  const primaryAlive = primaryId !== null && existing.some((hook) => hook.id === primaryId);
  const isShopReceiver = url === commerceReceiverUrl(options.appUrl) && !primaryAlive;
  const audit = {
    actor: options.actor,
    action: "webhook.create",
    targetType: "webhook",
    targetId: webhook.id,
    after: { url, events, status: webhook.status, secret: "[shown once, stored sealed]" },
  };
  if (isShopReceiver) {
    const connectionId = await connectionIdFor(db, await options.client.connection());
    await storeSubscription(db, { id: webhook.id, url, secret, encryptionKey: options.encryptionKey, connectionId });
    await recordAudit(audit, db);
  } else {
    const key = extraSecretKey(webhook.id);
    const value = sealSecret(secret, options.encryptionKey);
    await db.$transaction(async (tx) => {
      await tx.setting.create({ data: { key, value, encrypted: true, updatedBy: options.actor.email } });
      await recordAudit(audit, tx);
    });
  }
  return { ok: true, value: { webhook, secret, isShopReceiver } };
}

export async function updateSubscription(
  db: DbClient,
  id: string,
  input: unknown,
  options: ManageOptions,
): Promise<ManageResult<Webhook>> {
  const parsed = updateSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const patch = parsed.data;
  if (patch.url === undefined && patch.events === undefined && patch.status === undefined)
    return { ok: false, code: "NOTHING_TO_CHANGE", message: "Change the URL, the events or the status." };
  const before = await options.client.getWebhook(id);
  const after = await options.client.updateWebhook(id, {
    ...patch,
    events: patch.events ? [...patch.events] : undefined,
  });
  const primaryId = await readSetting(db, WEBHOOK_SETTINGS.id);
  await db.$transaction(async (tx) => {
    if (id === primaryId && after.url !== before.url)
      await tx.setting.update({
        where: { key: WEBHOOK_SETTINGS.url },
        data: { value: after.url, updatedBy: options.actor.email },
      });
    await recordAudit(
      {
        actor: options.actor,
        action: "webhook.update",
        targetType: "webhook",
        targetId: id,
        before: pick(before),
        after: pick(after),
      },
      tx,
    );
  });
  return { ok: true, value: after };
}

export async function deleteSubscription(
  db: DbClient,
  id: string,
  options: ManageOptions,
): Promise<ManageResult<{ wasShopReceiver: boolean }>> {
  const before = await options.client.getWebhook(id);
  await options.client.deleteWebhook(id);
  const primaryId = await readSetting(db, WEBHOOK_SETTINGS.id);
  const wasShopReceiver = id === primaryId;
  // The secret of a deleted subscription signs nothing any more: it is dropped with it.
  const keys = wasShopReceiver
    ? [WEBHOOK_SETTINGS.id, WEBHOOK_SETTINGS.url, WEBHOOK_SETTINGS.secret]
    : [extraSecretKey(id)];
  await db.$transaction(async (tx) => {
    await tx.setting.deleteMany({ where: { key: { in: keys } } });
    await recordAudit(
      { actor: options.actor, action: "webhook.delete", targetType: "webhook", targetId: id, before: pick(before) },
      tx,
    );
  });
  // The receiver keeps its secret in memory for a few seconds: not a deleted one.
  forgetCommerceReceiverSettings(db);
  return { ok: true, value: { wasShopReceiver } };
}

function pick(hook: Webhook) {
  return { url: hook.url, events: hook.events, status: hook.status };
}

function invalid(error: z.ZodError): { ok: false; code: string; message: string; field?: string } {
  const issue = error.issues[0];
  return {
    ok: false,
    code: "INVALID_INPUT",
    message: issue?.message ?? "Invalid input.",
    field: issue ? String(issue.path[0] ?? "") : undefined,
  };
}
