import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { emailSchema } from "@/lib/validation/email";
import { verifyPassword } from "./password";

// Sessions are JWTs in an http-only cookie (Auth.js requires that with the Credentials
// provider, and it needs no session table). A JWT cannot be revoked, so every guard in
// lib/auth/guards.ts re-reads the user row: a disabled account or a changed role takes
// effect on the next request, not when the token expires.

const credentialsSchema = z.object({ email: emailSchema, password: z.string().min(1).max(200) });

class InvalidLogin extends CredentialsSignin {
  code = "invalid_login";
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  secret: env.AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/account/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidLogin();
        const user = await db.user.findUnique({ where: { email: parsed.data.email } });
        // Same answer for an unknown email and a wrong password: no account enumeration.
        if (!user?.passwordHash || user.disabledAt || !(await verifyPassword(parsed.data.password, user.passwordHash))) {
          throw new InvalidLogin();
        }
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
});
