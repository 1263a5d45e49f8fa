"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { staffAction, type AdminActionState } from "@/lib/admin/action";
import type { CodesState } from "@/lib/admin/action-state";
import { requireStaffForEnrolment } from "@/lib/auth/guards";
import {
  confirmEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  setStaffTotpRequired,
  startEnrolment,
} from "@/lib/auth/totp";
import { db } from "@/lib/db";
import { formAction } from "@/lib/http/form-action";

// The member's own two-factor sign-in: every staff member may reach these, even while two-factor
// is required and they have none yet (this is where they set it up); requiring it for all staff
// is an admin's (docs/security.md "Staff two-factor").

const FROM = "/admin/security";
const codeForm = z.object({
  code: z.string("Enter the code.").trim().min(1, "Enter the code.").max(40, "That is not a code."),
});

/** One of the member's own two-factor forms: signed-in staff, with or without two-factor yet. */
function ownTotpAction(
  run: (code: string, me: Awaited<ReturnType<typeof requireStaffForEnrolment>>) => Promise<CodesState>,
) {
  return formAction(
    {
      auth: () => requireStaffForEnrolment("staff", FROM),
      input: codeForm,
      refuse: ({ message, fieldErrors }): CodesState => ({
        ok: false,
        message: fieldErrors.code ? undefined : message,
        fieldErrors,
      }),
      what: "two-factor setting",
      fallback: "That did not work; the error is in the server log.",
    },
    ({ code }, me) => run(code, me),
  );
}

export async function startEnrolmentAction(): Promise<void> {
  const me = await requireStaffForEnrolment("staff", FROM);
  await startEnrolment(db, me.id);
  revalidatePath(FROM);
  redirect(FROM);
}

export const confirmEnrolmentAction = ownTotpAction(async (code, me) => {
  const result = await confirmEnrolment(db, me, code);
  if (!result.ok) return { ok: false, fieldErrors: { code: result.message } };
  return { ok: true, message: result.message, codes: result.codes };
});

export const regenerateRecoveryCodesAction = ownTotpAction(async (code, me) => {
  const result = await regenerateRecoveryCodes(db, me, code);
  if (!result.ok) return { ok: false, fieldErrors: { code: result.message } };
  return { ok: true, message: result.message, codes: result.codes };
});

export const disableTotpAction = ownTotpAction(async (code, me) => {
  const result = await disableTotp(db, me, code);
  if (!result.ok) return { ok: false, fieldErrors: { code: result.message } };
  revalidatePath(FROM);
  return { ok: true, message: result.message };
});

const requiredForm = z.object({
  required: z.enum(["true", "false"], "Choose whether two-factor sign-in is required."),
});

export const setStaffTotpRequiredAction = staffAction(
  { role: "admin", from: FROM, input: requiredForm },
  async ({ required }, me): Promise<AdminActionState> => {
    await setStaffTotpRequired(db, me, required === "true");
    revalidatePath(FROM);
    return {
      ok: true,
      message:
        required === "true"
          ? "Two-factor sign-in is now required: staff without it are sent to set it up before anything else."
          : "Two-factor sign-in is no longer required.",
    };
  },
);
