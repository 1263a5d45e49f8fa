"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { AdminActionState } from "@/components/admin/shared/action-state";
import { createStaff, newStaffSchema, setStaffDisabled, setStaffRole } from "@/lib/admin/staff";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

// Admins only; the role is checked before anything the caller sent is read.

export async function createStaffAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const actor = await requireStaff("admin", "/admin/staff");
  const values = { email: String(form.get("email") ?? ""), name: String(form.get("name") ?? ""), role: String(form.get("role") ?? "staff") };
  const parsed = newStaffSchema.safeParse({ ...values, name: values.name || undefined, password: String(form.get("password") ?? "") });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false, fieldErrors, values };
  }
  const result = await createStaff(db, actor, parsed.data);
  if (!result.ok) return { ok: false, message: result.message, fieldErrors: result.field ? { [result.field]: result.message } : undefined, values };
  revalidatePath("/admin/staff");
  return { ok: true, message: result.message };
}

const userIdSchema = z.string().min(1).max(64);

export async function setStaffRoleAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const actor = await requireStaff("admin", "/admin/staff");
  const userId = userIdSchema.safeParse(form.get("userId"));
  const role = z.enum(["staff", "admin"]).safeParse(form.get("role"));
  if (!userId.success || !role.success) return { ok: false, message: "Choose staff or admin." };
  const result = await setStaffRole(db, actor, userId.data, role.data);
  revalidatePath("/admin/staff");
  return { ok: result.ok, message: result.message };
}

export async function setStaffDisabledAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const actor = await requireStaff("admin", "/admin/staff");
  const userId = userIdSchema.safeParse(form.get("userId"));
  const disabled = z.enum(["true", "false"]).safeParse(form.get("disabled"));
  if (!userId.success || !disabled.success) return { ok: false, message: "The form was incomplete; reload the page." };
  const result = await setStaffDisabled(db, actor, userId.data, disabled.data === "true");
  revalidatePath("/admin/staff");
  return { ok: result.ok, message: result.message };
}
