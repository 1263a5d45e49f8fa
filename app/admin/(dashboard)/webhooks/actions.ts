"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionNotice } from "@/components/admin/ops/notice";
import type { SubscriptionFormState } from "@/components/admin/webhooks/subscription-form";
import { staffAction } from "@/lib/admin/action";
import { replayAsStaff } from "@/lib/admin/webhooks/receipts";
import {
  createSubscription,
  deleteSubscription,
  updateSubscription,
  type ManageOptions,
} from "@/lib/admin/webhooks/subscriptions";
import type { CurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { userMessageOf } from "@/lib/errors/user-message";
import { logger } from "@/lib/log";
import { commerceClient } from "@/lib/upstream/commerce";

// Replaying a failed receipt is an operations task (staff); changing the shop's subscriptions
// touches signing secrets and where order events go, so it takes an admin (docs/admin.md "Webhooks").

const FROM = "/admin/webhooks";

function options(actor: CurrentUser): ManageOptions {
  return { client: commerceClient(), encryptionKey: env.APP_ENCRYPTION_KEY, appUrl: env.APP_URL, actor };
}

function upstreamFailure(error: unknown, what: string): string {
  return userMessageOf(error, `webhook ${what}`, `The ${what} did not work just now. Please try again.`);
}

const id = (unknown: string) => z.string(unknown).regex(/^[\w-]{1,100}$/, unknown);
const events = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]));
const subscriptionForm = z.object({ url: z.string().default(""), events: events.default([]) });
const refuseSubscription = ({ message }: { message: string }): SubscriptionFormState => ({ error: message });
const refuseNotice = ({ message }: { message: string }): ActionNotice => ({ tone: "danger", message });

export const createSubscriptionAction = staffAction<z.infer<typeof subscriptionForm>, SubscriptionFormState>(
  { role: "admin", from: FROM, input: subscriptionForm, refuse: refuseSubscription },
  async (input, user) => {
    try {
      const result = await createSubscription(db, input, options(user));
      if (!result.ok) return { error: result.message, field: result.field };
      revalidatePath(FROM);
      return {
        created: {
          id: result.value.webhook.id,
          url: result.value.webhook.url,
          secret: result.value.secret,
          isShopReceiver: result.value.isShopReceiver,
        },
      };
    } catch (error) {
      return { error: upstreamFailure(error, "subscription") };
    }
  },
);

const updateForm = subscriptionForm.extend({ id: id("Unknown subscription."), status: z.string().default("") });

export const updateSubscriptionAction = staffAction<z.infer<typeof updateForm>, SubscriptionFormState>(
  { role: "admin", from: FROM, input: updateForm, refuse: refuseSubscription },
  async ({ id, status, ...input }, user) => {
    try {
      const result = await updateSubscription(db, id, { ...input, status: status || undefined }, options(user));
      if (!result.ok) return { error: result.message, field: result.field };
      revalidatePath(FROM);
      return { saved: true };
    } catch (error) {
      return { error: upstreamFailure(error, "update") };
    }
  },
);

export const deleteSubscriptionAction = staffAction<{ id: string }, ActionNotice>(
  { role: "admin", from: FROM, input: z.object({ id: id("Unknown subscription.") }), refuse: refuseNotice },
  async ({ id }, user) => {
    try {
      const result = await deleteSubscription(db, id, options(user));
      if (!result.ok) return { tone: "danger", message: result.message };
      revalidatePath(FROM);
      return {
        tone: "ok",
        message: result.value.wasShopReceiver
          ? "Deleted. The shop no longer receives order events until a subscription to its receiver is created (or the app restarts)."
          : "Deleted.",
      };
    } catch (error) {
      return { tone: "danger", message: upstreamFailure(error, "deletion") };
    }
  },
);

export const replayReceiptAction = staffAction<{ id: string }, ActionNotice>(
  { from: FROM, input: z.object({ id: id("Unknown receipt.") }), refuse: refuseNotice },
  async ({ id }, user) => {
    try {
      const result = await replayAsStaff(db, id, user);
      revalidatePath(FROM);
      if (result.outcome === "processed")
        return { tone: "ok", message: result.note ? `Replayed: processed (${result.note}).` : "Replayed: processed." };
      if (result.outcome === "failed")
        return { tone: "danger", message: `Replayed, but processing failed again: ${result.error}` };
      return { tone: "warn", message: `This receipt cannot be replayed (it is ${result.status.replace("_", " ")}).` };
    } catch (error) {
      logger.error({ err: error, receiptId: id }, "webhook replay failed");
      return { tone: "danger", message: "The replay did not run. Please try again." };
    }
  },
);
