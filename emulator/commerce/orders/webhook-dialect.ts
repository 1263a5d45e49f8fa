import type { EmulatorConfig } from "../../core/config";

// What the webhook endpoints and deliveries answer differently by dialect (README "Dialects").
// C§2 and C§6 name only: a webhook has a URL, events, a status and a signing secret returned
// once; each event payload carries the order `type`; payload fields are "not shown". The
// documented dialect reads that literally; the observed one keeps the notes' Standard-Webhooks
// style event `{ id, type: <event>, timestamp, environment, data: <order> }`.

const documented = (config: EmulatorConfig) => config.dialect === "documented";

/** The field of POST /webhooks's answer that carries the signing secret. */
export function secretField(config: EmulatorConfig): "secret" | "signing_secret" {
  return documented(config) ? "signing_secret" : "secret";
}

/**
 * The documented payload is the order record itself (whose `type` is the ORDER type, C§2) with
 * the event kind beside it under `event`: nothing else is named, so nothing else is sent.
 */
export const DOCUMENTED_EVENT_FIELD = "event";

export function dialectPayload(
  config: EmulatorConfig,
  input: { eventId: string; eventType: string; timestamp: string; environment: string; order: Record<string, unknown> },
): string {
  if (documented(config)) return JSON.stringify({ [DOCUMENTED_EVENT_FIELD]: input.eventType, ...input.order });
  return JSON.stringify({
    id: input.eventId,
    type: input.eventType,
    timestamp: input.timestamp,
    environment: input.environment,
    data: input.order,
  });
}

/** Fields of a subscription beyond the four C§2 names (`created_at`, `updated_at`) are observed-dialect only. */
export function withDialectTimes<T extends object>(
  config: EmulatorConfig,
  view: T,
  times: { created_at: string; updated_at: string },
): T | (T & typeof times) {
  return documented(config) ? view : { ...view, ...times };
}
