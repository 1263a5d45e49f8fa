"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { AdminActionState } from "@/components/admin/shared/action-state";
import { issuePasswordLink, type IssuedLink } from "@/lib/admin/password-links";
import { createStaff, newStaffSchema, setStaffDisabled, setStaffRole } from "@/lib/admin/staff";
import { requireStaff } from "@/lib/auth/guards";
import { BUSY, orBusy, PasswordHashingBusy } from "@/lib/auth/password";
import { resetTotpFor } from "@/lib/auth/totp";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

// Admins only; the role is checked before anything the caller sent is read.

const userIdSchema = z.string().min(1).max(64);

/** A link shown once to the admin who issued it, as a full address to hand over. */
export type PasswordLinkState = AdminActionState & {
  link?: { url: string; email: string; purpose: "invite" | "reset"; expiresAt: string };
};

function shown(link: IssuedLink): NonNullable<PasswordLinkState["link"]> {
  return {
    url: new URL(link.path, env.APP_URL).toString(),
    email: link.email,
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
  };
}

export async function createStaffAction(_state: PasswordLinkState, form: FormData): Promise<PasswordLinkState> {
  const actor = await requireStaff("admin", "/admin/staff");
  expectActionInput(isForm(form));
  const values = {
    email: String(form.get("email") ?? ""),
    name: String(form.get("name") ?? ""),
    role: String(form.get("role") ?? "staff"),
    access: String(form.get("access") ?? "invite"),
  };
  const parsed = newStaffSchema.safeParse({
    ...values,
    name: values.name || undefined,
    password: String(form.get("password") ?? ""),
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "access")] ??= issue.message;
    return { ok: false, fieldErrors, values };
  }
  const result = await orBusy(() => createStaff(db, actor, parsed.data));
  if (result === BUSY) return { ok: false, message: new PasswordHashingBusy().message, values };
  if (!result.ok)
    return {
      ok: false,
      message: result.message,
      fieldErrors: result.field ? { [result.field]: result.message } : undefined,
      values,
    };
  revalidatePath("/admin/staff");
  return { ok: true, message: result.message, link: result.link ? shown(result.link) : undefined };
}

export async function issuePasswordLinkAction(_state: PasswordLinkState, form: FormData): Promise<PasswordLinkState> {
  const actor = await requireStaff("admin", "/admin/staff");
  expectActionInput(isForm(form));
  const userId = userIdSchema.safeParse(form.get("userId"));
  if (!userId.success) return { ok: false, message: "The form was incomplete; reload the page." };
  const result = await issuePasswordLink(db, actor, userId.data);
  if (!result.ok) return { ok: false, message: result.message };
  const kind = result.link.purpose === "invite" ? "Invitation" : "Password reset";
  return {
    ok: true,
    message: `${kind} link for ${result.link.email}; any earlier unused link no longer works.`,
    link: shown(result.link),
  };
}

export async function setStaffRoleAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const actor = await requireStaff("admin", "/admin/staff");
  expectActionInput(isForm(form));
  const userId = userIdSchema.safeParse(form.get("userId"));
  const role = z.enum(["staff", "admin"]).safeParse(form.get("role"));
  if (!userId.success || !role.success) return { ok: false, message: "Choose staff or admin." };
  const result = await setStaffRole(db, actor, userId.data, role.data);
  revalidatePath("/admin/staff");
  return { ok: result.ok, message: result.message };
}

export async function setStaffDisabledAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const actor = await requireStaff("admin", "/admin/staff");
  expectActionInput(isForm(form));
  const userId = userIdSchema.safeParse(form.get("userId"));
  const disabled = z.enum(["true", "false"]).safeParse(form.get("disabled"));
  if (!userId.success || !disabled.success) return { ok: false, message: "The form was incomplete; reload the page." };
  const result = await setStaffDisabled(db, actor, userId.data, disabled.data === "true");
  revalidatePath("/admin/staff");
  return { ok: result.ok, message: result.message };
}

export async function resetStaffTotpAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const actor = await requireStaff("admin", "/admin/staff");
  const userId = userIdSchema.safeParse(form.get("userId"));
  if (!userId.success) return { ok: false, message: "The form was incomplete; reload the page." };
  const result = await resetTotpFor(db, actor, userId.data);
  revalidatePath("/admin/staff");
  return result;
}
