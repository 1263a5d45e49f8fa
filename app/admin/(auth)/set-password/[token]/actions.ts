"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { SetPasswordState } from "@/components/admin/staff/set-password-form";
import { redeemPasswordLink } from "@/lib/admin/password-links";
import { BUSY, orBusy, PasswordHashingBusy, passwordProblem } from "@/lib/auth/password";
import { SET_PASSWORD_ADDRESS, spendAttempt, tooManyAttemptsMessage } from "@/lib/auth/throttle";
import { db } from "@/lib/db";
import { visitorKey } from "@/lib/security/client-address";

// Public by design, like the staff sign-in: whoever holds a valid link may set that account's
// password once. Without a valid link it changes nothing (lib/admin/password-links.ts).
// Links that do not work are counted per visitor address: after 10 within 15 minutes the
// address waits 15 minutes (lib/auth/throttle.ts); each account also has its own limit.

export async function setPasswordAction(_state: SetPasswordState, form: FormData): Promise<SetPasswordState> {
  expectActionInput(isForm(form));
  if (!(form instanceof FormData)) return { message: "The form was incomplete; reload the page." };
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const problem = passwordProblem(password);
  if (problem) return { fieldErrors: { password: problem } };
  if (String(form.get("confirm") ?? "") !== password)
    return { fieldErrors: { confirm: "The two passwords differ: type the same password twice." } };
  const address = visitorKey(await headers());
  // Checked without spending (cost 0): only a link that fails counts against the address.
  const blocked = await spendAttempt(db, SET_PASSWORD_ADDRESS, address, 0);
  if (blocked) return { message: tooManyAttemptsMessage(blocked.retryAfterMs) };
  const result = await orBusy(() => redeemPasswordLink(db, token, password));
  if (result === BUSY) return { message: new PasswordHashingBusy().message };
  if (!result.ok) {
    if (result.code !== "THROTTLED" && result.code !== "DISABLED") {
      const wait = await spendAttempt(db, SET_PASSWORD_ADDRESS, address);
      if (wait) return { message: tooManyAttemptsMessage(wait.retryAfterMs) };
    }
    return { message: result.message };
  }
  redirect("/admin/sign-in?password=set");
}
