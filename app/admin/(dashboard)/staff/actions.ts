"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { staffAction, type AdminActionState } from "@/lib/admin/action";
import type { PasswordLinkState } from "@/lib/admin/action-state";
import { issuePasswordLink, type IssuedLink } from "@/lib/admin/password-links";
import { createStaff, newStaffSchema, setStaffDisabled, setStaffRole } from "@/lib/admin/staff";
import { BUSY, orBusy, PasswordHashingBusy } from "@/lib/auth/password";
import { resetTotpFor } from "@/lib/auth/totp";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

// Staff accounts are an admin's (docs/admin.md "Staff").

const FROM = "/admin/staff";
const userId = z.string("The form was incomplete; reload the page.").min(1).max(64);
const onMember = z.object({ userId });

function shown(link: IssuedLink): NonNullable<PasswordLinkState["link"]> {
  return {
    url: new URL(link.path, env.APP_URL).toString(),
    email: link.email,
    purpose: link.purpose,
    expiresAt: link.expiresAt.toISOString(),
  };
}

const newStaffForm = z.object({
  email: z.string().default(""),
  name: z.string().default(""),
  role: z.string().default("staff"),
  access: z.string().default("invite"),
  password: z.string().default(""),
});

export const createStaffAction = staffAction<z.infer<typeof newStaffForm>, PasswordLinkState>(
  { role: "admin", from: FROM, input: newStaffForm },
  async (form, actor) => {
    const values = { email: form.email, name: form.name, role: form.role, access: form.access };
    const parsed = newStaffSchema.safeParse({ ...form, name: form.name || undefined });
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
    revalidatePath(FROM);
    return { ok: true, message: result.message, link: result.link ? shown(result.link) : undefined };
  },
);

export const issuePasswordLinkAction = staffAction<{ userId: string }, PasswordLinkState>(
  { role: "admin", from: FROM, input: onMember },
  async ({ userId }, actor) => {
    const result = await issuePasswordLink(db, actor, userId);
    if (!result.ok) return { ok: false, message: result.message };
    const kind = result.link.purpose === "invite" ? "Invitation" : "Password reset";
    return {
      ok: true,
      message: `${kind} link for ${result.link.email}; any earlier unused link no longer works.`,
      link: shown(result.link),
    };
  },
);

const roleForm = z.object({ userId, role: z.enum(["staff", "admin"], "Choose staff or admin.") });

export const setStaffRoleAction = staffAction(
  { role: "admin", from: FROM, input: roleForm },
  async ({ userId, role }, actor): Promise<AdminActionState> => {
    const result = await setStaffRole(db, actor, userId, role);
    revalidatePath(FROM);
    return { ok: result.ok, message: result.message };
  },
);

const disabledForm = z.object({
  userId,
  disabled: z.enum(["true", "false"], "The form was incomplete; reload the page."),
});

export const setStaffDisabledAction = staffAction(
  { role: "admin", from: FROM, input: disabledForm },
  async ({ userId, disabled }, actor): Promise<AdminActionState> => {
    const result = await setStaffDisabled(db, actor, userId, disabled === "true");
    revalidatePath(FROM);
    return { ok: result.ok, message: result.message };
  },
);

export const resetStaffTotpAction = staffAction(
  { role: "admin", from: FROM, input: onMember },
  async ({ userId }, actor): Promise<AdminActionState> => {
    const result = await resetTotpFor(db, actor, userId);
    revalidatePath(FROM);
    return result;
  },
);
