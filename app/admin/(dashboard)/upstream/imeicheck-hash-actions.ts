"use server";

import { revalidatePath } from "next/cache";
import type { AdminActionState } from "@/lib/admin/action-state";
import { requireStaff } from "@/lib/auth/guards";
import { expectActionInput, isForm } from "@/lib/http/action-input";
import { removeImeiCheckHash, saveImeiCheckHash } from "@/lib/upstream/connection/imeicheck-hash-manage";
import type { FormState } from "./actions";

// The IMEI check hash settings on Admin → Upstream connection. Admin only: every action checks
// the role itself.
const PAGE = "/admin/upstream";

export async function saveImeiCheckHashAction(_state: FormState, form: FormData): Promise<FormState> {
  const user = await requireStaff("admin", PAGE);
  expectActionInput(isForm(form));
  // The form's fields are named hashAlgorithm, hashKey, … (unique on the page).
  const field = (name: string) => String(form.get(`hash${name.charAt(0).toUpperCase()}${name.slice(1)}`) ?? "");
  const result = await saveImeiCheckHash(user, {
    algorithm: field("algorithm"),
    key: field("key"),
    arguments: field("arguments"),
    encoding: field("encoding"),
    secret: field("secret"),
  });
  if (!result.ok)
    return {
      fieldErrors: Object.fromEntries(
        Object.entries(result.fieldErrors).map(([name, message]) => [
          `hash${name.charAt(0).toUpperCase()}${name.slice(1)}`,
          message,
        ]),
      ),
    };
  revalidatePath(PAGE);
  return { ok: "IMEI check hash settings saved." };
}

export async function removeImeiCheckHashAction(): Promise<AdminActionState> {
  const user = await requireStaff("admin", PAGE);
  await removeImeiCheckHash(user);
  revalidatePath(PAGE);
  return { ok: true, message: "IMEI check hash settings removed." };
}
