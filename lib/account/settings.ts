import "server-only";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { DbClient } from "@/lib/db/create-client";
import { queueVerification } from "./verification";

// A signed-in customer's own settings (docs/accounts.md): a new password (with the current
// one; every other session ends) and a new email address (with the current password; takes
// effect once confirmed from the new mailbox).

// `code` says which refusal it is, for the buyer's language; `message` is the English.
export type SettingsProblemCode = "WRONG_PASSWORD" | "SAME_EMAIL" | "EMAIL_TAKEN";
export type SettingsResult = { ok: true } | { ok: false; field: "currentPassword" | "email"; code: SettingsProblemCode; message: string };

const WRONG_PASSWORD: SettingsResult = { ok: false, field: "currentPassword", code: "WRONG_PASSWORD", message: "That is not your current password." };

export async function changePassword(db: DbClient, userId: string, currentPassword: string, newPassword: string): Promise<SettingsResult> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) return WRONG_PASSWORD;
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(newPassword), sessionVersion: { increment: 1 } } });
  return { ok: true };
}

export async function requestEmailChange(db: DbClient, userId: string, currentPassword: string, newEmail: string, now = new Date()): Promise<SettingsResult> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user?.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) return WRONG_PASSWORD;
  if (newEmail === user.email) return { ok: false, field: "email", code: "SAME_EMAIL", message: "That is already your address." };
  // Said plainly: the owner of this account proved their password, and the other account's
  // existence is no secret from a sign-up form either.
  if (await db.user.findUnique({ where: { email: newEmail } })) return { ok: false, field: "email", code: "EMAIL_TAKEN", message: "Another account already uses this address." };
  await db.$transaction((tx) => queueVerification(tx, user, newEmail, now));
  return { ok: true };
}
