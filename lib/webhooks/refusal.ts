import { z } from "zod";
import type { DbClient } from "@/lib/db/create-client";
import { readSetting } from "@/lib/db/settings";
import { isUpstreamError } from "@/lib/upstream/errors";
import { WEBHOOK_SETTINGS } from "./setting-keys";

// When the upstream will not let this shop manage its webhook subscription, order events are off
// and the order worker's polling follows every order (docs/upstream-connection.md "Order events").
// C§7: "4xx, do not retry the same payload". So a refusal is remembered with what it was about
// (the connection, the receiver URL and the OAuth grant) and not retried until one of them
// changes; staff read it on Admin → Upstream connection.

/** C§5: the scopes that manage webhooks. An OAuth grant without both cannot subscribe. */
export const WEBHOOK_SCOPE_NAMES = ["webhooks:read", "webhooks:write"] as const;

export const hasWebhookScopes = (scope: string) => {
  const granted = scope.split(/\s+/);
  return WEBHOOK_SCOPE_NAMES.every((name) => granted.includes(name));
};

/**
 * - `scope`: the connection may not manage webhooks (an OAuth grant without the webhook scopes, or `insufficient_scope`).
 * - `url`: the upstream refused the receiver address (C§2: HTTPS only; the shop's APP_URL is http).
 * - `refused`: another 4xx answer to the subscription's registration or change.
 */
export type RefusalReason = "scope" | "url" | "refused";

const refusalSchema = z.object({
  reason: z.enum(["scope", "url", "refused"]),
  code: z.string(),
  message: z.string(),
  url: z.string(),
  /** What the refusal was about: the same subject is not asked again. */
  subject: z.string(),
  at: z.string(),
});
export type WebhookRefusal = z.infer<typeof refusalSchema>;

/** The current OAuth grant as far as a refusal is concerned (null: an API key or the embedded sandbox's). */
export type GrantMark = { scope: string; connectedAt: string } | null;

export function refusalSubject(input: { connectionId: string; url: string; grant: GrantMark }): string {
  return JSON.stringify([input.connectionId, input.url, input.grant?.scope ?? null, input.grant?.connectedAt ?? null]);
}

/** A client error the same request would get again; 401 (refresh), 404 (gone), 408, 409 and 429 (transient) are not refusals. */
export function refusalOf(
  error: unknown,
  url?: string,
): { reason: RefusalReason; code: string; message: string } | null {
  if (!isUpstreamError(error) || error.kind !== "api" || error.status === undefined) return null;
  const status = error.status;
  if (status < 400 || status >= 500 || [401, 404, 408, 409, 429].includes(status)) return null;
  if (error.canonicalCode === "INSUFFICIENT_SCOPE")
    return { reason: "scope", code: error.code, message: error.message };
  // An http receiver refused for what its address is (the code names the URL, or is a plain validation failure).
  const aboutUrl = url?.startsWith("http:") === true && /URL|HTTPS|VALIDATION|INVALID|^HTTP_4/i.test(error.code);
  return { reason: aboutUrl ? "url" : "refused", code: error.code, message: error.message };
}

export async function readWebhookRefusal(db: DbClient): Promise<WebhookRefusal | null> {
  const raw = await readSetting(db, WEBHOOK_SETTINGS.refused);
  if (!raw) return null;
  try {
    const parsed = refusalSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // unreadable: asked again, which records it afresh
  }
}

export async function recordWebhookRefusal(db: DbClient, refusal: WebhookRefusal): Promise<void> {
  const row = { key: WEBHOOK_SETTINGS.refused, value: JSON.stringify(refusal), encrypted: false, updatedBy: "system" };
  await db.setting.upsert({ where: { key: row.key }, create: row, update: row });
}

export async function clearWebhookRefusal(db: DbClient): Promise<void> {
  await db.setting.deleteMany({ where: { key: WEBHOOK_SETTINGS.refused } });
}

/** What staff read on Admin → Upstream connection. */
export function refusalText(refusal: Pick<WebhookRefusal, "reason" | "url" | "code">): string {
  if (refusal.reason === "scope")
    return "Order events off: this connection cannot manage webhooks; orders are followed by polling.";
  if (refusal.reason === "url")
    return `Order events off: the supplier refuses the shop's receiver address ${refusal.url} (it accepts https:// addresses only); orders are followed by polling.`;
  return `Order events off: the supplier refused the shop's webhook subscription (${refusal.code}); orders are followed by polling.`;
}

/** What staff can do about it. */
export function refusalHint(reason: RefusalReason): string {
  if (reason === "scope")
    return "To receive order events, reconnect by OAuth (the shop asks for webhooks:read webhooks:write) or use an API key.";
  if (reason === "url") return "To receive order events, serve the shop at an https:// APP_URL.";
  return "To receive order events, check the subscription on Admin → Webhooks.";
}
