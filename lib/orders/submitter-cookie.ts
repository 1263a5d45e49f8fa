// The submitter cookie on its own (no database, no next/headers), so the proxy that sets it on
// the review pages and the pay actions that read it share one name, shape and set of options.
// The rule that uses it lives in ./submitter.ts.

export const SUBMITTER_COOKIE = "submitter";

/** 32 random bytes, base64url: the browser's submitter secret. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newSubmitterSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString("base64url");
}

export function isSubmitterSecret(value: string | undefined): value is string {
  return typeof value === "string" && SECRET_SHAPE.test(value);
}

/** httpOnly (scripts never read it), SameSite=Lax, Secure when the shop is served over https. */
export function submitterCookie(secret: string, secure: boolean) {
  return { name: SUBMITTER_COOKIE, value: secret, httpOnly: true, sameSite: "lax" as const, secure, path: "/", maxAge: 60 * 60 * 24 * 30 };
}
