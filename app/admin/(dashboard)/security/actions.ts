"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { AdminActionState } from "@/components/admin/shared/action-state";
import { requireStaff, requireStaffForEnrolment } from "@/lib/auth/guards";
import {
  confirmEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  setStaffTotpRequired,
  startEnrolment,
} from "@/lib/auth/totp";
import { db } from "@/lib/db";

// The member's own two-factor sign-in (every staff member, even while two-factor is required
// and they have none yet: this is where they set it up), and the admins' "require two-factor
// for all staff". Each checks the caller before reading anything it was sent.

export type CodesState = AdminActionState & { codes?: string[] };

const PATH = "/admin/security";
const codeSchema = z.string().trim().min(1, "Enter the code.").max(40, "That is not a code.");

function readCode(form: FormData): { ok: true; code: string } | { ok: false; state: CodesState } {
  const parsed = codeSchema.safeParse(form.get("code") ?? "");
  return parsed.success
    ? { ok: true, code: parsed.data }
    : { ok: false, state: { ok: false, fieldErrors: { code: parsed.error.issues[0]?.message ?? "Enter the code." } } };
}

export async function startEnrolmentAction(): Promise<void> {
  const me = await requireStaffForEnrolment("staff", PATH);
  await startEnrolment(db, me.id);
  revalidatePath(PATH);
  redirect(PATH);
}

export async function confirmEnrolmentAction(_state: CodesState, form: FormData): Promise<CodesState> {
  const me = await requireStaffForEnrolment("staff", PATH);
  expectActionInput(isForm(form));
  if (!(form instanceof FormData)) return { ok: false, message: "The form was incomplete; reload the page." };
  const code = readCode(form);
  if (!code.ok) return code.state;
  const result = await confirmEnrolment(db, me, code.code);
  if (!result.ok) return { ok: false, fieldErrors: { code: result.message } };
  return { ok: true, message: result.message, codes: result.codes };
}

export async function regenerateRecoveryCodesAction(_state: CodesState, form: FormData): Promise<CodesState> {
  const me = await requireStaffForEnrolment("staff", PATH);
  expectActionInput(isForm(form));
  if (!(form instanceof FormData)) return { ok: false, message: "The form was incomplete; reload the page." };
  const code = readCode(form);
  if (!code.ok) return code.state;
  const result = await regenerateRecoveryCodes(db, me, code.code);
  if (!result.ok) return { ok: false, fieldErrors: { code: result.message } };
  return { ok: true, message: result.message, codes: result.codes };
}

export async function disableTotpAction(_state: CodesState, form: FormData): Promise<CodesState> {
  const me = await requireStaffForEnrolment("staff", PATH);
  expectActionInput(isForm(form));
  if (!(form instanceof FormData)) return { ok: false, message: "The form was incomplete; reload the page." };
  const code = readCode(form);
  if (!code.ok) return code.state;
  const result = await disableTotp(db, me, code.code);
  if (!result.ok) return { ok: false, fieldErrors: { code: result.message } };
  revalidatePath(PATH);
  return { ok: true, message: result.message };
}

export async function setStaffTotpRequiredAction(_state: AdminActionState, form: FormData): Promise<AdminActionState> {
  const me = await requireStaff("admin", PATH);
  expectActionInput(isForm(form));
  if (!(form instanceof FormData)) return { ok: false, message: "The form was incomplete; reload the page." };
  const required = z.enum(["true", "false"]).safeParse(form.get("required"));
  if (!required.success) return { ok: false, message: "Choose whether two-factor sign-in is required." };
  await setStaffTotpRequired(db, me, required.data === "true");
  revalidatePath(PATH);
  return {
    ok: true,
    message:
      required.data === "true"
        ? "Two-factor sign-in is now required: staff without it are sent to set it up before anything else."
        : "Two-factor sign-in is no longer required.",
  };
}
