import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { DbClient } from "@/lib/db/create-client";
import { normalizeEmail } from "@/lib/validation/email";
import { queueVerification } from "./verification";

// A signed-in customer's own settings (docs/accounts.md): a new password (with the current
// one; every other session ends) and a new email address (with the current password; takes
// effect once confirmed from the new mailbox, with the password again: lib/account/verification.ts).

// `code` says which refusal it is, for the buyer's language; `message` is the English.
export type SettingsProblemCode = "WRONG_PASSWORD" | "SAME_EMAIL";
export type SettingsResult =
  { ok: true } | { ok: false; field: "currentPassword" | "email"; code: SettingsProblemCode; message: string };

const WRONG_PASSWORD: SettingsResult = {
  ok: false,
  field: "currentPassword",
  code: "WRONG_PASSWORD",
  message: "That is not your current password.",
};

export async function changePassword(
  db: DbClient,
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<SettingsResult> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) return WRONG_PASSWORD;
  await db.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(newPassword), sessionVersion: { increment: 1 } },
  });
  return { ok: true };
}

export async function requestEmailChange(
  db: DbClient,
  userId: string,
  currentPassword: string,
  newEmail: string,
  now = new Date(),
): Promise<SettingsResult> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) return WRONG_PASSWORD;
  const email = normalizeEmail(newEmail);
  if (email === user.email)
    return { ok: false, field: "email", code: "SAME_EMAIL", message: "That is already your address." };
  // An address another account uses gets no link, with the same answer: this form does not tell
  // which addresses have accounts, any more than sign-up does. Its confirmation would be
  // refused anyway (the address is taken).
  if (await db.user.findUnique({ where: { email } })) return { ok: true };
  await db.$transaction((tx) => queueVerification(tx, user, email, now));
  return { ok: true };
}
