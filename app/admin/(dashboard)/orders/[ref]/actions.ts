"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { AdminActionState } from "@/components/admin/shared/action-state";
import {
  cancelUnlock,
  fetchInstructions,
  forceNowait,
  markRefunded,
  refreshFromUpstream,
  resendOrderMail,
  resendReceipt,
  retryPlacement,
  revealOrderSecrets,
  type ActionResult,
} from "@/lib/admin/orders/staff-actions";
import type { RevealSecretsState } from "@/components/admin/orders/order-secrets";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

// Every action checks the caller's role first, before reading anything it was sent: a
// customer or visitor posting here gets the same redirect / 403 as on the pages.

const orderIdSchema = z.string().min(1).max(64);

async function run(
  form: unknown,
  act: (orderId: string, actor: { id: string; email: string }) => Promise<ActionResult>,
): Promise<AdminActionState> {
  const actor = await requireStaff("staff", "/admin/orders");
  expectActionInput(isForm(form));
  const orderId = orderIdSchema.safeParse(form.get("orderId"));
  if (!orderId.success) return { ok: false, message: "The form did not say which order; reload the page." };
  const result = await act(orderId.data, actor);
  const order = await db.order.findUnique({ where: { id: orderId.data }, select: { ref: true } });
  if (order) revalidatePath(`/admin/orders/${order.ref}`);
  return { ok: result.ok, message: result.message };
}

export async function refreshOrderAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  return run(form, (orderId, actor) => refreshFromUpstream(db, orderId, actor));
}

export async function retryPlacementAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  return run(form, (orderId, actor) => retryPlacement(db, orderId, actor));
}

const reasonSchema = z
  .string()
  .trim()
  .min(3, "Say in a few words why (at least 3 characters).")
  .max(300, "Use at most 300 characters.");

export async function refundOrderAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  await requireStaff("staff", "/admin/orders");
  expectActionInput(isForm(form));
  const reason = reasonSchema.safeParse(form.get("reason") ?? "");
  if (!reason.success) return { ok: false, message: reason.error.issues[0]?.message ?? "Give a reason." };
  return run(form, (orderId, actor) => markRefunded(db, orderId, actor, reason.data));
}

export async function resendReceiptAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  return run(form, (orderId, actor) => resendReceipt(db, orderId, actor));
}

const mailIdSchema = z.string().min(1).max(64);

export async function resendMailAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  await requireStaff("staff", "/admin/orders");
  expectActionInput(isForm(form));
  const mailId = mailIdSchema.safeParse(form.get("mailId"));
  if (!mailId.success) return { ok: false, message: "The form did not say which mail; reload the page." };
  return run(form, (orderId, actor) => resendOrderMail(db, orderId, mailId.data, actor));
}

export async function unlockNowaitAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  return run(form, (orderId, actor) => forceNowait(db, orderId, actor));
}

export async function unlockCancelAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  return run(form, (orderId, actor) => cancelUnlock(db, orderId, actor));
}

export async function unlockInstructionsAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  return run(form, (orderId, actor) => fetchInstructions(db, orderId, actor));
}

/** Shows the order's delivered codes to the staff member who asks; each reveal is audited. */
export async function revealSecretsAction(_state: RevealSecretsState, form: FormData): Promise<RevealSecretsState> {
  const actor = await requireStaff("staff", "/admin/orders");
  expectActionInput(isForm(form));
  const orderId = orderIdSchema.safeParse(form.get("orderId"));
  if (!orderId.success) return { error: "The form did not say which order; reload the page." };
  const result = await revealOrderSecrets(db, orderId.data, actor);
  return result.ok ? { secrets: result.secrets } : { error: result.message };
}
