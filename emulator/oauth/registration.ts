import { z } from "zod";
import type { EmulatorContext } from "../core/context";
import { oauthError } from "./oauth-error";
import { redirectUriProblem } from "./redirect-uris";
import { SUPPORTED_SCOPES, parseScope, unknownScopes } from "./scopes";
import { randomId, type OAuthStore, type RegisteredClient } from "./store";
import type { EmulatorApp } from "../core/hono-env";

// POST {auth}/oauth/register: RFC 7591 dynamic registration of a public client (spec section 5,
// "Registration"). No token is issued here; the client goes on to /oauth/authorize.

export const SUPPORTED_GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

const metadataSchema = z.object({
  client_name: z.string().max(200).optional(),
  redirect_uris: z.array(z.string()).min(1, "redirect_uris must list at least one URI"),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
  scope: z.string().optional(),
});

/** Validates client metadata; returns the problem as an RFC 7591 error description, or the client. */
function buildClient(body: unknown, now: number): { error: string } | { client: RegisteredClient } {
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) return { error: z.prettifyError(parsed.error) };
  const m = parsed.data;

  const badUri = m.redirect_uris.map(redirectUriProblem).find((p) => p !== null);
  if (badUri) return { error: `redirect_uris: ${badUri}` };

  // Both grants by default: the spec's registration table lists them together (RFC 7591's
  // default would be authorization_code alone, which leaves a client unable to refresh).
  const grantTypes = m.grant_types ?? [...SUPPORTED_GRANT_TYPES];
  const badGrant = grantTypes.find((g) => !(SUPPORTED_GRANT_TYPES as readonly string[]).includes(g));
  if (badGrant)
    return { error: `grant_types: "${badGrant}" is not supported; use ${SUPPORTED_GRANT_TYPES.join(", ")}` };
  if (!grantTypes.includes("authorization_code")) return { error: "grant_types must include authorization_code" };

  const responseTypes = m.response_types ?? ["code"];
  if (responseTypes.length !== 1 || responseTypes[0] !== "code") return { error: 'response_types must be ["code"]' };

  const authMethod = m.token_endpoint_auth_method ?? "none";
  if (authMethod !== "none")
    return { error: 'token_endpoint_auth_method must be "none": only public clients (PKCE) are registered' };

  const scope = m.scope === undefined ? [...SUPPORTED_SCOPES] : parseScope(m.scope);
  const unknown = unknownScopes(scope);
  if (unknown.length > 0)
    return { error: `scope: unknown scope(s) ${unknown.join(", ")}; supported: ${SUPPORTED_SCOPES.join(" ")}` };

  return {
    client: {
      clientId: randomId("client_", 16),
      clientName: m.client_name ?? "Unnamed client",
      redirectUris: m.redirect_uris,
      grantTypes,
      responseTypes,
      scope,
      issuedAt: now,
    },
  };
}

export function clientMetadata(client: RegisteredClient) {
  return {
    client_id: client.clientId,
    client_secret: "",
    client_id_issued_at: Math.floor(client.issuedAt / 1000),
    client_name: client.clientName,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    response_types: client.responseTypes,
    token_endpoint_auth_method: "none",
    scope: client.scope.join(" "),
  };
}

export function registerRegistration(app: EmulatorApp, ctx: EmulatorContext, store: OAuthStore, path: string): void {
  app.post(path, async (c) => {
    if (!ctx.config.verifiedEmailEnabled) {
      return oauthError(
        c,
        ctx,
        403,
        "verified_email_not_enabled",
        "The verified-email (identity_assertion) OAuth path is disabled on this host; use an API key",
      );
    }
    const body = await c.req.json().catch(() => undefined);
    if (body === undefined)
      return oauthError(
        c,
        ctx,
        400,
        "invalid_client_metadata",
        "The body must be a JSON object of client metadata (RFC 7591)",
      );
    const result = buildClient(body, ctx.clock.now());
    if ("error" in result) return oauthError(c, ctx, 400, "invalid_client_metadata", result.error);
    store.clients.set(result.client.clientId, result.client);
    c.header("Cache-Control", "no-store");
    return c.json(clientMetadata(result.client), 201);
  });
}
