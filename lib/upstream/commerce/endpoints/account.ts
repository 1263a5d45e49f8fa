import { z } from "zod";
import type { Call, CallOptions } from "../request";
import {
  balanceSchema,
  balanceTransactionSchema,
  createdWebhookSchema,
  webhookSchema,
  type WebhookInput,
  type WebhookPatch,
} from "../schemas";
import { listOf, seg, toPage, type PageQuery } from "./shared";

// Balance and webhooks (spec section 4, PRO only). Never cached.

/**
 * C§4 GET /balance is "current credit balance in EUR": an answer that names no currency is in EUR
 * (the amount's field is upstream-notes' `balance`; the documents name none).
 */
const balanceInEur = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value) && !("currency" in value)
      ? { ...value, currency: "EUR" }
      : value,
  balanceSchema,
);

export function accountEndpoints(call: Call) {
  const read = { method: "GET", priority: "status", retry: "idempotent", authenticated: true } as const;
  return {
    /** GET /balance: the credit balance (EUR cents). */
    getBalance: async (options?: CallOptions) =>
      (await call({ ...read, path: "/v2/balance", route: "GET /v2/balance", schema: balanceInEur }, options)).data,
    /** GET /balance/history: credit movements, newest first (paginated). */
    getBalanceHistory: async (query: PageQuery = {}, options?: CallOptions) =>
      toPage(
        await call(
          {
            ...read,
            path: "/v2/balance/history",
            route: "GET /v2/balance/history",
            query,
            schema: listOf(balanceTransactionSchema),
          },
          options,
        ),
      ),

    /**
     * POST /webhooks: registers a subscription; its signing `secret` is in this answer only.
     * Sent once like an order: a blind resend could leave a second subscription whose secret
     * nobody kept (and the account has 5 at most). An unclear outcome is `unknown_outcome`:
     * list the webhooks to see whether it exists.
     */
    createWebhook: async (input: WebhookInput, options?: CallOptions) =>
      (
        await call(
          {
            method: "POST",
            path: "/v2/webhooks",
            route: "POST /v2/webhooks",
            json: input,
            priority: "status",
            retry: "once",
            authenticated: true,
            schema: createdWebhookSchema,
          },
          options,
        )
      ).data,
    /** GET /webhooks: every subscription (one page). */
    listWebhooks: async (options?: CallOptions) =>
      (await call({ ...read, path: "/v2/webhooks", route: "GET /v2/webhooks", schema: listOf(webhookSchema) }, options))
        .data,
    /** GET /webhooks/{id}. */
    getWebhook: async (webhookId: string, options?: CallOptions) =>
      (
        await call(
          { ...read, path: `/v2/webhooks/${seg(webhookId)}`, route: "GET /v2/webhooks/{id}", schema: webhookSchema },
          options,
        )
      ).data,
    /** PATCH /webhooks/{id}: URL, events or status (`active` / `disabled`). */
    updateWebhook: async (webhookId: string, patch: WebhookPatch, options?: CallOptions) =>
      (
        await call(
          {
            method: "PATCH",
            path: `/v2/webhooks/${seg(webhookId)}`,
            route: "PATCH /v2/webhooks/{id}",
            json: patch,
            priority: "status",
            retry: "idempotent",
            authenticated: true,
            schema: webhookSchema,
          },
          options,
        )
      ).data,
    /** DELETE /webhooks/{id}. */
    deleteWebhook: async (webhookId: string, options?: CallOptions): Promise<void> => {
      await call(
        {
          method: "DELETE",
          path: `/v2/webhooks/${seg(webhookId)}`,
          route: "DELETE /v2/webhooks/{id}",
          priority: "status",
          retry: "idempotent",
          authenticated: true,
          schema: z.unknown(),
        },
        options,
      );
    },
  };
}

export type AccountEndpoints = ReturnType<typeof accountEndpoints>;
