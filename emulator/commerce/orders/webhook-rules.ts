import type { EmulatorConfig } from "../../core/config";
import type { Failure } from "./errors";
import type { WebhookEvent, WebhookSubscription } from "./records";
import { withDialectTimes } from "./webhook-dialect";
import { normaliseEvent, ORDER_EVENTS } from "./webhook-events";

// What a webhook subscription may contain (spec sections 2 and 8): an HTTPS URL (plain http
// only to a loopback host, when the sandbox switch allows it), known events, at most 5 per account.

export const WEBHOOKS_PER_ACCOUNT = 5;

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function checkWebhookUrl(raw: string, config: EmulatorConfig): Failure | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { code: "VALIDATION_ERROR", message: "url must be an absolute URL" };
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && config.allowLoopbackHttpWebhooks && isLoopback(url.hostname)) return null;
  return {
    code: "WEBHOOK_URL_NOT_HTTPS",
    message: config.allowLoopbackHttpWebhooks
      ? "Webhook URLs must use HTTPS (plain http only to a loopback host)"
      : "Webhook URLs must use HTTPS",
  };
}

export function checkEvents(names: string[]): { ok: true; events: WebhookEvent[] } | { ok: false; failure: Failure } {
  const unknown = names.filter((name) => normaliseEvent(name) === null);
  if (unknown.length > 0) {
    return {
      ok: false,
      failure: {
        code: "VALIDATION_ERROR",
        message: `Unknown events: ${unknown.join(", ")}; known: ${ORDER_EVENTS.join(", ")}`,
      },
    };
  }
  return { ok: true, events: [...new Set(names.map((name) => normaliseEvent(name)!))] };
}

/** The subscription as the API shows it: never the secret (that is shown once, by POST). */
export function webhookView(hook: WebhookSubscription, config: EmulatorConfig) {
  const view = { id: hook.id, url: hook.url, events: hook.events, status: hook.status };
  return withDialectTimes(config, view, {
    created_at: new Date(hook.createdAt).toISOString(),
    updated_at: new Date(hook.updatedAt).toISOString(),
  });
}
