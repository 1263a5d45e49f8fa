import { randomBytes } from "node:crypto";
import { taskKind } from "../../core/scheduler";
import { frozen } from "../../core/state-records";
import type { OrdersDeps } from "./deps";
import { orderView } from "./order-view";
import type { Order, WebhookEvent } from "./records";
import { WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from "./timings";
import { dialectPayload } from "./webhook-dialect";
import { signedHeaders } from "./webhook-signing";

// Event delivery: one job per (event, subscription). The first attempt runs at once on the
// scheduler; a non-2xx answer, a network error or a timeout schedules the next attempt
// after WEBHOOK_RETRY_DELAYS_MS on the emulator clock; after the last retry it is given up.
// The raw body is fixed when the event happens; each attempt is signed afresh. Attempts are
// scheduler tasks carrying the whole job, so pending attempts and retries survive a restart.

type DeliveryJob = { webhookId: string; eventId: string; eventType: WebhookEvent; body: string };

const ATTEMPT = taskKind<{ job: DeliveryJob; attempt: number }>("commerce.webhook-attempt");

export function registerWebhookTask(deps: OrdersDeps): void {
  deps.ctx.scheduler.handle(ATTEMPT, ({ job, attempt }) => attemptDelivery(deps, job, attempt));
}

const USER_AGENT = "commerce-emulator-webhooks/1";

/** The event payload, by dialect (webhook-dialect.ts); the order as in GET /orders rows. */
export function eventPayload(deps: OrdersDeps, eventId: string, eventType: WebhookEvent, order: Order): string {
  const view = orderView(deps, order, "list") as Record<string, unknown>;
  return dialectPayload(deps.ctx.config, {
    eventId,
    eventType,
    timestamp: deps.ctx.isoNow(),
    environment: order.environment,
    order: view,
  });
}

/** Sends `eventType` for `order` to every active subscription of the order's account that wants it. */
export function emitOrderEvent(deps: OrdersDeps, eventType: WebhookEvent, order: Order): void {
  const eventId = `evt_${randomBytes(12).toString("hex")}`;
  const body = eventPayload(deps, eventId, eventType, order);
  for (const hook of deps.state.webhooks.values()) {
    if (hook.accountId !== order.accountId || hook.status !== "active" || !hook.events.includes(eventType)) continue;
    schedule(deps, { webhookId: hook.id, eventId, eventType, body }, 1, 0);
  }
}

function schedule(deps: OrdersDeps, job: DeliveryJob, attempt: number, delayMs: number): void {
  deps.ctx.scheduler.after(
    delayMs,
    ATTEMPT,
    { job, attempt },
    `commerce webhook ${job.eventType} ${job.eventId} → ${job.webhookId} attempt ${attempt}`,
  );
}

async function post(url: string, headers: Record<string, string>, body: string) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => "");
    return { statusCode: response.status, responseBody: text.slice(0, 1_000), error: null };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return {
      statusCode: null,
      responseBody: null,
      error: `${error instanceof Error ? error.message : String(error)}${cause}`,
    };
  }
}

async function attemptDelivery(deps: OrdersDeps, job: DeliveryJob, attempt: number): Promise<void> {
  const hook = deps.state.webhooks.get(job.webhookId);
  // A deleted or disabled subscription (or one no longer subscribed) gets no further attempts.
  if (!hook || hook.status !== "active" || !hook.events.includes(job.eventType)) return;
  const generation = deps.state.generation;
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    ...signedHeaders(hook.secret, job.eventId, job.body),
  };
  const result = await post(hook.url, headers, job.body);
  if (generation !== deps.state.generation) return;

  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const retryDelay = succeeded ? undefined : WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  // One reading of the clock, so `at` and `next_retry_at` are exactly the delay apart.
  const now = deps.ctx.clock.now();
  deps.state.deliveries.push(
    frozen({
      id: `dlv_${randomBytes(8).toString("hex")}`,
      webhook_id: hook.id,
      event_id: job.eventId,
      event_type: job.eventType,
      url: hook.url,
      attempt,
      at: new Date(now).toISOString(),
      status_code: result.statusCode,
      error: result.error ?? (succeeded ? null : `receiver answered ${result.statusCode}`),
      succeeded,
      next_retry_at: retryDelay === undefined ? null : new Date(now + retryDelay).toISOString(),
      gave_up: !succeeded && retryDelay === undefined,
      request: { headers, body: job.body },
      response_body: result.responseBody,
    }),
  );
  if (retryDelay !== undefined) schedule(deps, job, attempt + 1, retryDelay);
}
