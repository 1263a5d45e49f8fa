"use server";

import { AuthError } from "next-auth";
import { z } from "zod";
import { signIn, signOut } from "@/lib/auth/config";
import { hashPassword, passwordProblem } from "@/lib/auth/password";
import { safeNextPath } from "@/lib/auth/safe-redirect";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { emailSchema } from "@/lib/validation/email";

export type AuthFormState = { error?: string; fieldErrors?: Partial<Record<"email" | "password" | "name", string>>; email?: string };

export async function signInAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", {
      email,
      password: String(form.get("password") ?? ""),
      redirectTo: safeNextPath(form.get("next")),
    });
  } catch (error) {
    // Success is a redirect (thrown); only Auth.js's own errors mean "could not sign in".
    if (error instanceof AuthError) return { error: "That email and password do not match an account.", email };
    throw error;
  }
  return {};
}

const signUpSchema = z.object({
  name: z.string().trim().max(100, "Use at most 100 characters.").optional(),
  email: emailSchema,
  password: z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

export async function signUpAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const parsed = signUpSchema.safeParse({
    name: String(form.get("name") ?? "") || undefined,
    email: String(form.get("email") ?? ""),
    password: String(form.get("password") ?? ""),
  });
  const email = String(form.get("email") ?? "");
  if (!parsed.success) {
    const fieldErrors: AuthFormState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as "email" | "password" | "name"] ??= issue.message;
    return { fieldErrors, email };
  }
  const taken = { fieldErrors: { email: "An account with this email already exists. Sign in instead." }, email };
  if (await db.user.findUnique({ where: { email: parsed.data.email } })) return taken;
  try {
    await db.user.create({
      data: { email: parsed.data.email, name: parsed.data.name, passwordHash: await hashPassword(parsed.data.password), role: "customer" },
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: safeNextPath(form.get("next")) });
  return {};
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
