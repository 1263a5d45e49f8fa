// The first admin, created on start-up (scripts/start.ts) when the shop has no admin yet.
// From ADMIN_EMAIL / ADMIN_PASSWORD when set; otherwise a random password is generated and
// printed once to the console. There is no default password. Pure of "server-only" and of the
// "@/" alias: the start script runs it before Next.js.
import { randomBytes } from "node:crypto";
import type { DbClient } from "../db/create-client.ts";
import { emailSchema } from "../validation/email.ts";
import { hashPassword, passwordProblem } from "./password.ts";

export const GENERATED_ADMIN_EMAIL = "admin@localhost";

export type BootstrapResult =
  | { outcome: "exists" }
  | { outcome: "created"; email: string; generatedPassword?: string }
  | { outcome: "promoted"; email: string };

export async function bootstrapAdmin(
  db: DbClient,
  source: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<BootstrapResult> {
  if ((await db.user.count({ where: { role: "admin", disabledAt: null } })) > 0) return { outcome: "exists" };
  // The sign-in's own rule, so the admin made here is one that can sign in.
  const parsedEmail = emailSchema.safeParse(source.ADMIN_EMAIL?.trim() || GENERATED_ADMIN_EMAIL);
  if (!parsedEmail.success) throw new Error(`ADMIN_EMAIL: ${parsedEmail.error.issues[0]?.message}`);
  const email = parsedEmail.data;
  const given = source.ADMIN_PASSWORD || undefined;
  if (given) {
    const problem = passwordProblem(given);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  }
  const password = given ?? randomBytes(18).toString("base64url");
  const passwordHash = await hashPassword(password);
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) {
    // An account with that email exists (e.g. signed up as a customer): it becomes the admin,
    // with the configured password, enabled.
    await db.user.update({ where: { id: existing.id }, data: { role: "admin", disabledAt: null, passwordHash } });
    return { outcome: "promoted", email };
  }
  await db.user.create({ data: { email, role: "admin", passwordHash, name: "Administrator" } });
  return given ? { outcome: "created", email } : { outcome: "created", email, generatedPassword: password };
}

/** The console lines for a bootstrap result; the generated password appears here and nowhere else. */
export function describeBootstrap(result: BootstrapResult): string | null {
  if (result.outcome === "exists") return null;
  if (result.outcome === "promoted")
    return `Made ${result.email} the first admin (ADMIN_EMAIL / ADMIN_PASSWORD). Sign in at /admin/sign-in.`;
  if (!result.generatedPassword)
    return `Created the first admin ${result.email} (ADMIN_EMAIL / ADMIN_PASSWORD). Sign in at /admin/sign-in.`;
  return [
    "────────────────────────────────────────────────────────────",
    "No admin exists and ADMIN_EMAIL / ADMIN_PASSWORD are not set: created one.",
    `  email:    ${result.email}`,
    `  password: ${result.generatedPassword}`,
    "This password is shown only now. Sign in at /admin/sign-in and change the staff accounts there.",
    "────────────────────────────────────────────────────────────",
  ].join("\n");
}
