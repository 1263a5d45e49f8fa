"use server";

import { redirect } from "next/navigation";
import { redeemPasswordLink } from "@/lib/admin/password-links";
import { passwordProblem } from "@/lib/auth/password";
import { db } from "@/lib/db";

// Public by design, like the staff sign-in: whoever holds a valid link may set that account's
// password once. Without a valid link it changes nothing (lib/admin/password-links.ts).

export type SetPasswordState = { fieldErrors?: { password?: string; confirm?: string }; message?: string };

export async function setPasswordAction(_state: SetPasswordState, form: FormData): Promise<SetPasswordState> {
  if (!(form instanceof FormData)) return { message: "The form was incomplete; reload the page." };
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const problem = passwordProblem(password);
  if (problem) return { fieldErrors: { password: problem } };
  if (String(form.get("confirm") ?? "") !== password) return { fieldErrors: { confirm: "The two passwords differ: type the same password twice." } };
  const result = await redeemPasswordLink(db, token, password);
  if (!result.ok) return { message: result.message };
  redirect("/admin/sign-in?password=set");
}
