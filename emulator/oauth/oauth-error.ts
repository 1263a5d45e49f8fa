import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

// The authorization server speaks plain OAuth (RFC 6749 §5.2, RFC 7591 §3.2.2), not the commerce
// envelope: `{ error, error_description }`, never cached.

export function oauthError(c: Context, status: ContentfulStatusCode, error: string, description: string) {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  return c.json({ error, error_description: description }, status);
}

/** A redirect back to the client with the result of an authorization request (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export function redirectToClient(
  c: Context,
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
  status: 302 | 303 = 302,
) {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  target.searchParams.set("iss", issuer);
  c.header("Cache-Control", "no-store");
  return c.redirect(target.toString(), status);
}
