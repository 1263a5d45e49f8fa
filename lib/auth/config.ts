import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { authorizeCredentials, type SignedInUser } from "./credentials";
import { CUSTOMER_SESSION_MS } from "./session-policy";

// Sessions are JWTs in an http-only cookie (Auth.js requires that with the Credentials
// provider, and it needs no session table). A JWT cannot be revoked, so it carries the account's
// session version, role and sign-in time, and every guard (lib/auth/guards.ts) re-reads the user
// row: a token whose version is not the account's current one (after a password change, a reset
// or "sign out everywhere"), a disabled account, or a staff session older than 12 hours is
// treated as signed out on the next request (lib/auth/session-policy.ts).

export const { handlers, auth, signIn, signOut } = NextAuth({
  secret: env.AUTH_SECRET,
  trustHost: true,
  // The cookie's own lifetime; the absolute limits (12 h staff, 30 days customers) are the guards'.
  session: { strategy: "jwt", maxAge: CUSTOMER_SESSION_MS / 1000 },
  pages: { signIn: "/account/sign-in" },
  // Auth.js prints every refused sign-in as an error with a stack; lib/auth/credentials.ts logs
  // each attempt as one line already, so only real failures reach the log, through pino.
  logger: {
    error(error) {
      if (error instanceof CredentialsSignin || (error as { type?: string }).type === "CredentialsSignin") return;
      logger.error({ err: error }, "auth.js error");
    },
    warn(code) {
      logger.warn({ code }, "auth.js warning");
    },
    debug() {},
  },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" }, challenge: {}, code: {} },
      authorize: (raw, request) => authorizeCredentials(db, raw, request.headers),
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      // `user` is there only at sign-in: what authorize returned.
      if (user?.id) {
        const signed = user as unknown as SignedInUser;
        token.sub = signed.id;
        token.sv = signed.sessionVersion;
        token.role = signed.role;
        token.authAt = Date.now();
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      const extra = session as typeof session & SessionClaims;
      if (typeof token.sv === "number") extra.sessionVersion = token.sv;
      if (typeof token.authAt === "number") extra.authAt = token.authAt;
      return session;
    },
  },
});

/** What the guards read from the session besides the user id. */
export type SessionClaims = { sessionVersion?: number; authAt?: number };
