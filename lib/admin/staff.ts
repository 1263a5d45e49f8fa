import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import type { CurrentUser } from "@/lib/auth/guards";
import { hashPassword, passwordProblem } from "@/lib/auth/password";
import type { DbClient } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { emailSchema } from "@/lib/validation/email";
import { issuePasswordLinkIn, type IssuedLink } from "./password-links";

// Staff accounts, managed by admins: created with an invitation link (the new member chooses
// their password, lib/admin/password-links.ts) or an initial password the admin hands over
// (no mail transport sends either yet, docs/admin.md), given a role,
// disabled and enabled. A disabled account is signed out on its next request, because every
// guard re-reads the user row. The shop never loses its last enabled admin: nobody can demote
// or disable it, themselves included.

export type StaffRole = "staff" | "admin";
export type StaffResult =
  | { ok: true; message: string; link?: IssuedLink }
  | { ok: false; code: string; message: string; field?: "email" | "password" | "role" };
type Actor = Pick<CurrentUser, "id" | "email">;

const identity = {
  email: emailSchema,
  name: z.string().trim().max(100, "Use at most 100 characters.").optional(),
  role: z.enum(["staff", "admin"], { message: "Choose staff or admin." }),
};
export const newStaffSchema = z.discriminatedUnion(
  "access",
  [
    z.object({ ...identity, access: z.literal("invite") }),
    z.object({
      ...identity,
      access: z.literal("password"),
      password: z.string().superRefine((value, ctx) => {
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    }),
  ],
  { error: "Choose an invitation link or an initial password." },
);

export async function createStaff(
  db: DbClient,
  actor: Actor,
  input: z.infer<typeof newStaffSchema>,
): Promise<StaffResult> {
  const existing = await db.user.findUnique({ where: { email: input.email } });
  if (existing && existing.role !== "customer")
    return {
      ok: false,
      code: "EMAIL_TAKEN",
      field: "email",
      message: "A staff account with this email already exists.",
    };
  if (existing)
    return {
      ok: false,
      code: "EMAIL_IS_CUSTOMER",
      field: "email",
      message: "This email belongs to a customer account. Use another email for the staff account.",
    };
  const passwordHash = input.access === "password" ? await hashPassword(input.password) : null;
  try {
    const link = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: input.email, name: input.name || null, role: input.role, passwordHash },
      });
      await recordAudit(
        {
          actor,
          action: "staff.create",
          targetType: "user",
          targetId: user.id,
          after: { email: user.email, role: user.role, access: input.access },
        },
        tx,
      );
      return input.access === "invite" ? issuePasswordLinkIn(tx, actor, user, "invite") : undefined;
    });
    if (link)
      return {
        ok: true,
        link,
        message: `Created ${input.email} (${input.role}). The invitation link is mailed to them and shown below, in case the mail does not reach them; they choose their password with it.`,
      };
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, code: "EMAIL_TAKEN", field: "email", message: "An account with this email already exists." };
    throw error;
  }
  return {
    ok: true,
    message: `Created ${input.email} (${input.role}). Give them the initial password; they sign in at /admin/sign-in.`,
  };
}

/**
 * Other enabled admins besides `userId`: the last one may not be demoted or disabled.
 * Two admins stepping down at the same moment would each count the other and both succeed
 * under PostgreSQL's read-committed isolation, so the count is taken under a lock: an upsert of
 * one Setting row, which the second transaction waits on until the first commits, and whose
 * later count (a fresh snapshot per statement) then sees the first one's change.
 */
async function otherEnabledAdmins(tx: Pick<DbClient, "user" | "setting">, userId: string): Promise<number> {
  const key = "lock.staff.admins";
  await tx.setting.upsert({
    where: { key },
    create: { key, value: "locked", updatedBy: "system" },
    update: { value: "locked" },
  });
  return tx.user.count({ where: { role: "admin", disabledAt: null, id: { not: userId } } });
}

async function staffMember(tx: Pick<DbClient, "user">, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId } });
  return user && user.role !== "customer" ? user : null;
}

const NOT_STAFF: StaffResult = { ok: false, code: "NOT_FOUND", message: "That staff account does not exist." };
const LAST_ADMIN: StaffResult = {
  ok: false,
  code: "LAST_ADMIN",
  message: "This is the shop's last enabled admin: make another admin first.",
};

export async function setStaffRole(db: DbClient, actor: Actor, userId: string, role: StaffRole): Promise<StaffResult> {
  return db.$transaction(async (tx) => {
    const user = await staffMember(tx, userId);
    if (!user) return NOT_STAFF;
    if (user.role === role) return { ok: true, message: `${user.email} is already ${role}.` };
    if (user.role === "admin" && !user.disabledAt && (await otherEnabledAdmins(tx, user.id)) === 0) return LAST_ADMIN;
    await tx.user.update({ where: { id: user.id }, data: { role } });
    await recordAudit(
      {
        actor,
        action: "staff.set_role",
        targetType: "user",
        targetId: user.id,
        before: { role: user.role },
        after: { role },
      },
      tx,
    );
    return { ok: true, message: `${user.email} is now ${role}.` };
  });
}

export async function setStaffDisabled(
  db: DbClient,
  actor: Actor,
  userId: string,
  disabled: boolean,
): Promise<StaffResult> {
  return db.$transaction(async (tx) => {
    const user = await staffMember(tx, userId);
    if (!user) return NOT_STAFF;
    if (Boolean(user.disabledAt) === disabled)
      return { ok: true, message: `${user.email} is already ${disabled ? "disabled" : "enabled"}.` };
    if (disabled && user.role === "admin" && (await otherEnabledAdmins(tx, user.id)) === 0) return LAST_ADMIN;
    const disabledAt = disabled ? new Date() : null;
    await tx.user.update({ where: { id: user.id }, data: { disabledAt } });
    await recordAudit(
      {
        actor,
        action: disabled ? "staff.disable" : "staff.enable",
        targetType: "user",
        targetId: user.id,
        before: { disabled: !disabled },
        after: { disabled },
      },
      tx,
    );
    return {
      ok: true,
      message: disabled ? `${user.email} is disabled and signed out.` : `${user.email} is enabled again.`,
    };
  });
}

/** Staff accounts for the admin page; whether a password and two-factor are set, never the hash or secret. */
export async function listStaff(db: DbClient) {
  const users = await db.user.findMany({
    where: { role: { in: ["staff", "admin"] } },
    orderBy: [{ disabledAt: "asc" }, { email: "asc" }],
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      disabledAt: true,
      createdAt: true,
      passwordHash: true,
      totpEnabledAt: true,
    },
  });
  return users.map(({ passwordHash, totpEnabledAt, ...user }) => ({
    ...user,
    hasPassword: passwordHash !== null,
    totpEnabled: totpEnabledAt !== null,
  }));
}
