import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { EmulatorContext } from "../core/context";
import { commerceMeta } from "../core/envelope";
import { errorsInEnvelope, redirectCarriesIss } from "./dialect";

// OAuth errors, never cached: plain OAuth (RFC 6749 §5.2, RFC 7591 §3.2.2) `{ error,
// error_description }` in the observed dialect; in the documented one C§7's envelope, whose
// named codes include the OAuth ones (`invalid_grant`, `invalid_client`, …).

export function oauthError(
  c: Context,
  ctx: EmulatorContext,
  status: ContentfulStatusCode,
  error: string,
  description: string,
) {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  if (errorsInEnvelope(ctx))
    return c.json(
      { success: false, data: null, error: { code: error, message: description }, meta: commerceMeta(ctx) },
      status,
    );
  return c.json({ error, error_description: description }, status);
}

/** A redirect back to the client with the result of an authorization request (RFC 6749 §4.1.2; RFC 9207 `iss` by dialect). */
export function redirectToClient(
  c: Context,
  ctx: EmulatorContext,
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
  status: 302 | 303 = 302,
) {
  const target = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(name, value);
  if (redirectCarriesIss(ctx)) target.searchParams.set("iss", issuer);
  c.header("Cache-Control", "no-store");
  return c.redirect(target.toString(), status);
}
