"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { SubscriptionFormState } from "@/components/admin/webhooks/subscription-form";
import type { ActionNotice } from "@/components/admin/ops/notice";
import { replayAsStaff } from "@/lib/admin/webhooks/receipts";
import {
  createSubscription,
  deleteSubscription,
  updateSubscription,
  type ManageOptions,
} from "@/lib/admin/webhooks/subscriptions";
import { requireStaff, type CurrentUser } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { commerceClient } from "@/lib/upstream/commerce";
import { userMessageOf } from "@/lib/errors/user-message";

// Webhook actions. Replaying a failed receipt is an operations task (staff); changing the
// shop's subscriptions touches signing secrets and where order events go, so it takes an
// admin (docs/admin.md). Every action checks the role itself: a layout does not protect actions.

const PATH = "/admin/webhooks";

function options(actor: CurrentUser): ManageOptions {
  return { client: commerceClient(), encryptionKey: env.APP_ENCRYPTION_KEY, appUrl: env.APP_URL, actor };
}

function upstreamFailure(error: unknown, what: string): string {
  return userMessageOf(error, `webhook ${what}`, `The ${what} did not work just now. Please try again.`);
}

function formInput(form: FormData) {
  return { url: String(form.get("url") ?? ""), events: form.getAll("events").map(String) };
}

const idSchema = z.string().regex(/^[\w-]{1,100}$/);

export async function createSubscriptionAction(
  _state: SubscriptionFormState,
  form: FormData,
): Promise<SubscriptionFormState> {
  const user = await requireStaff("admin", PATH);
  expectActionInput(isForm(form));
  try {
    const result = await createSubscription(db, formInput(form), options(user));
    if (!result.ok) return { error: result.message, field: result.field };
    revalidatePath(PATH);
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
}

export async function updateSubscriptionAction(
  _state: SubscriptionFormState,
  form: FormData,
): Promise<SubscriptionFormState> {
  const user = await requireStaff("admin", PATH);
  expectActionInput(isForm(form));
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) return { error: "Unknown subscription." };
  const status = String(form.get("status") ?? "");
  try {
    const result = await updateSubscription(
      db,
      id.data,
      { ...formInput(form), status: status || undefined },
      options(user),
    );
    if (!result.ok) return { error: result.message, field: result.field };
    revalidatePath(PATH);
    return { saved: true };
  } catch (error) {
    return { error: upstreamFailure(error, "update") };
  }
}

export async function deleteSubscriptionAction(_state: ActionNotice, form: FormData): Promise<ActionNotice> {
  const user = await requireStaff("admin", PATH);
  expectActionInput(isForm(form));
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) return { tone: "danger", message: "Unknown subscription." };
  try {
    const result = await deleteSubscription(db, id.data, options(user));
    if (!result.ok) return { tone: "danger", message: result.message };
    revalidatePath(PATH);
    return {
      tone: "ok",
      message: result.value.wasShopReceiver
        ? "Deleted. The shop no longer receives order events until a subscription to its receiver is created (or the app restarts)."
        : "Deleted.",
    };
  } catch (error) {
    return { tone: "danger", message: upstreamFailure(error, "deletion") };
  }
}

export async function replayReceiptAction(_state: ActionNotice, form: FormData): Promise<ActionNotice> {
  const user = await requireStaff("staff", PATH);
  expectActionInput(isForm(form));
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) return { tone: "danger", message: "Unknown receipt." };
  try {
    const result = await replayAsStaff(db, id.data, user);
    revalidatePath(PATH);
    if (result.outcome === "processed")
      return { tone: "ok", message: result.note ? `Replayed: processed (${result.note}).` : "Replayed: processed." };
    if (result.outcome === "failed")
      return { tone: "danger", message: `Replayed, but processing failed again: ${result.error}` };
    return { tone: "warn", message: `This receipt cannot be replayed (it is ${result.status.replace("_", " ")}).` };
  } catch (error) {
    logger.error({ err: error, receiptId: id.data }, "webhook replay failed");
    return { tone: "danger", message: "The replay did not run. Please try again." };
  }
}
