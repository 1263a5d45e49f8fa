import "server-only";
import { randomUUID } from "node:crypto";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { AUTH_ERROR_PAGE } from "./endpoints";
import { authorizeCredentials, type SignedInUser } from "./credentials";
import { CUSTOMER_SESSION_MS } from "./session-policy";

// Sessions are JWTs in an http-only cookie (Auth.js requires that with the Credentials
// provider, and it needs no session table). A JWT cannot be revoked, so it carries the account's
// session version, role and sign-in time, and every guard (lib/auth/guards.ts) re-reads the user
// row: a token whose version is not the account's current one (after a password change, a reset
// or "sign out everywhere"), a disabled account, or a staff session older than 12 hours is
// treated as signed out on the next request (lib/auth/session-policy.ts).

// Auth.js builds its own addresses (the sign-in redirect, its pages) from AUTH_URL, or else from
// the request's X-Forwarded-Host / Host, which the sender chooses. The shop's hosts come from
// APP_URL only (docs/security.md, "Hosts and origins"): AUTH_URL is always APP_URL's origin, and
// with it set Auth.js trusts no host header.
process.env.AUTH_URL = new URL(env.APP_URL).origin;

export const { handlers, auth, signIn, signOut } = NextAuth({
  secret: env.AUTH_SECRET,
  // The cookie's own lifetime; the absolute limits (12 h staff, 30 days customers) are the guards'.
  session: { strategy: "jwt", maxAge: CUSTOMER_SESSION_MS / 1000 },
  // Auth.js's own error page answers 500 and stands outside the shop: ours is a page of the shop
  // (app/[locale]/(shop)/auth-error); app/api/auth answers its endpoints' misuse with 4xx.
  pages: { signIn: "/account/sign-in", error: AUTH_ERROR_PAGE },
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
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        challenge: {},
        code: {},
      },
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
        // This session's own id: "Sign out" ends it on the server (lib/auth/sessions.ts).
        token.sid = randomUUID();
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      const extra = session as typeof session & SessionClaims;
      if (typeof token.sv === "number") extra.sessionVersion = token.sv;
      if (typeof token.authAt === "number") extra.authAt = token.authAt;
      if (typeof token.sid === "string") extra.sessionId = token.sid;
      return session;
    },
  },
});

/** What the guards read from the session besides the user id. */
export type SessionClaims = { sessionVersion?: number; authAt?: number; sessionId?: string };
