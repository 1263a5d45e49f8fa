import type { Context } from "hono";
import { COMMERCE_ACCOUNTS, type Environment } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import { ACCESS_TOKEN_LIFETIME_S, signAccessToken } from "./access-token";
import type { IdTokenSigner } from "./id-token";
import { oauthError } from "./oauth-error";
import { isCodeVerifier, s256Challenge } from "./pkce";
import { parseScope } from "./scopes";
import { randomId, type OAuthStore, type RegisteredClient } from "./store";
import { oauthUrls } from "./urls";
import type { EmulatorApp } from "../core/hono-env";

// POST {auth}/oauth/token (spec section 5 "Token", errors in oauth-error.ts's form). Grants:
// authorization_code (+ PKCE S256) and refresh_token with rotation. Everything else, including
// client_credentials (parameters not shown in the spec) and the provider-issued ID-JAG
// (token exchange / JWT bearer), is unsupported_grant_type.

export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3600_000;
const ID_JAG_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id-jag";
const ID_JAG_CARRIERS = [
  "urn:ietf:params:oauth:grant-type:token-exchange",
  "urn:ietf:params:oauth:grant-type:jwt-bearer",
];

type Form = Record<string, string>;
type Issue = {
  client: RegisteredClient;
  accountId: string;
  scopes: string[];
  environment: Environment;
  familyId: string;
};

async function readForm(c: Context): Promise<Form | null> {
  if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) return null;
  const params = new URLSearchParams(await c.req.text());
  const form: Form = {};
  for (const [key, value] of params) form[key] = value;
  return form;
}

/** Public clients send client_id in the body; accept HTTP Basic with an empty secret as well. */
function clientIdOf(c: Context, form: Form): string | undefined {
  if (form.client_id) return form.client_id;
  const basic = /^Basic\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
  if (!basic) return undefined;
  const user = Buffer.from(basic[1]!, "base64").toString("utf8").split(":")[0];
  try {
    return user ? decodeURIComponent(user) : undefined;
  } catch {
    return undefined; // malformed percent-encoding: treated as no client_id
  }
}

export class TokenService {
  constructor(
    private readonly ctx: EmulatorContext,
    private readonly store: OAuthStore,
    private readonly idTokens: IdTokenSigner,
  ) {}

  /** Issues an access token, a refresh token (when the client registered the refresh grant) and, for `openid`, an ID token. */
  async issue(input: Issue, identity?: { nonce?: string; authTime: number }) {
    const { ctx, store } = this;
    const accessToken = await signAccessToken(ctx, store, {
      accountId: input.accountId,
      clientId: input.client.clientId,
      scopes: input.scopes,
      environment: input.environment,
      familyId: input.familyId,
    });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      scope: input.scopes.join(" "),
    };
    if (input.client.grantTypes.includes("refresh_token")) {
      const token = randomId("rt_", 32);
      store.refreshTokens.set(token, {
        token,
        clientId: input.client.clientId,
        accountId: input.accountId,
        scopes: input.scopes,
        environment: input.environment,
        familyId: input.familyId,
        expiresAt: ctx.clock.now() + REFRESH_TOKEN_LIFETIME_MS,
        state: "active",
      });
      body.refresh_token = token;
    }
    const account = COMMERCE_ACCOUNTS.find((a) => a.id === input.accountId);
    if (identity && account && input.scopes.includes("openid")) {
      body.id_token = await this.idTokens.sign(ctx, {
        account,
        clientId: input.client.clientId,
        scopes: input.scopes,
        nonce: identity.nonce,
        authTime: identity.authTime,
      });
    }
    return body;
  }

  async authorizationCode(c: Context, client: RegisteredClient, form: Form) {
    const { ctx, store } = this;
    const missing = ["code", "redirect_uri", "code_verifier"].filter((f) => !form[f]);
    if (missing.length > 0)
      return oauthError(c, ctx, 400, "invalid_request", `Missing form field(s): ${missing.join(", ")}`);
    if (!isCodeVerifier(form.code_verifier!))
      return oauthError(
        c,
        ctx,
        400,
        "invalid_request",
        "code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~",
      );
    if (form.resource !== undefined && form.resource !== oauthUrls(ctx).resource)
      return oauthError(c, ctx, 400, "invalid_target", `resource must be ${oauthUrls(ctx).resource}`);

    const record = store.codes.get(form.code!);
    if (!record) return oauthError(c, ctx, 400, "invalid_grant", "Unknown authorization code");
    if (record.used) {
      // RFC 6749 §4.1.2: a replayed code revokes what was issued from it.
      store.revokeWhere((t) => t.familyId === record.familyId);
      return oauthError(
        c,
        ctx,
        400,
        "invalid_grant",
        "Authorization code was already used; tokens issued from it are revoked",
      );
    }
    if (record.expiresAt <= ctx.clock.now())
      return oauthError(c, ctx, 400, "invalid_grant", "Authorization code expired; authorize again");
    if (record.clientId !== client.clientId)
      return oauthError(c, ctx, 400, "invalid_grant", "Authorization code was issued to another client");
    if (record.redirectUri !== form.redirect_uri)
      return oauthError(
        c,
        ctx,
        400,
        "invalid_grant",
        "redirect_uri does not match the one of the authorization request",
      );
    if (s256Challenge(form.code_verifier!) !== record.codeChallenge)
      return oauthError(
        c,
        ctx,
        400,
        "invalid_grant",
        "PKCE verification failed: code_verifier does not match code_challenge",
      );
    record.used = true;

    const body = await this.issue(
      {
        client,
        accountId: record.accountId,
        scopes: record.scopes,
        environment: record.environment,
        familyId: record.familyId,
      },
      { nonce: record.nonce, authTime: record.authTime },
    );
    return this.tokenResponse(c, body);
  }

  async refreshToken(c: Context, client: RegisteredClient, form: Form) {
    const { ctx, store } = this;
    if (!form.refresh_token) return oauthError(c, ctx, 400, "invalid_request", "Missing form field: refresh_token");
    const record = store.refreshTokens.get(form.refresh_token);
    if (!record || record.clientId !== client.clientId)
      return oauthError(c, ctx, 400, "invalid_grant", "Unknown refresh token for this client");
    if (record.state === "rotated") {
      // Reuse of a rotated token means it leaked (or a client raced itself): end the whole grant.
      store.revokeWhere((t) => t.familyId === record.familyId);
      return oauthError(
        c,
        ctx,
        400,
        "invalid_grant",
        "Refresh token was already used (rotation); the grant is revoked, sign in again",
      );
    }
    if (record.state === "revoked")
      return oauthError(c, ctx, 400, "invalid_grant", "Refresh token was revoked; sign in again");
    if (record.expiresAt <= ctx.clock.now())
      return oauthError(c, ctx, 400, "invalid_grant", "Refresh token expired; sign in again");

    let scopes = record.scopes;
    if (form.scope !== undefined) {
      const asked = parseScope(form.scope);
      const wider = asked.filter((s) => !record.scopes.includes(s));
      if (wider.length > 0)
        return oauthError(
          c,
          ctx,
          400,
          "invalid_scope",
          `A refresh can only narrow the grant; not granted: ${wider.join(", ")}`,
        );
      scopes = asked;
    }
    record.state = "rotated";
    const body = await this.issue({
      client,
      accountId: record.accountId,
      scopes,
      environment: record.environment,
      familyId: record.familyId,
    });
    return this.tokenResponse(c, body);
  }

  private tokenResponse(c: Context, body: Record<string, unknown>) {
    c.header("Cache-Control", "no-store");
    c.header("Pragma", "no-cache");
    return c.json(body, 200);
  }
}

export function registerToken(
  app: EmulatorApp,
  ctx: EmulatorContext,
  store: OAuthStore,
  tokens: TokenService,
  path: string,
): void {
  app.post(path, async (c) => {
    const form = await readForm(c);
    if (!form)
      return oauthError(c, ctx, 400, "invalid_request", "The token request must be application/x-www-form-urlencoded");
    const grantType = form.grant_type;
    if (!grantType) return oauthError(c, ctx, 400, "invalid_request", "Missing form field: grant_type");

    if (ID_JAG_CARRIERS.includes(grantType) || Object.values(form).includes(ID_JAG_TOKEN_TYPE)) {
      return oauthError(
        c,
        ctx,
        400,
        "unsupported_grant_type",
        "The provider-issued ID-JAG token type is not accepted; use authorization_code with PKCE or an API key",
      );
    }
    if (grantType === "client_credentials") {
      return oauthError(
        c,
        ctx,
        400,
        "unsupported_grant_type",
        "client_credentials is not offered here; server integrations use an API key (Bearer api_id:api_secret)",
      );
    }
    if (grantType !== "authorization_code" && grantType !== "refresh_token") {
      return oauthError(
        c,
        ctx,
        400,
        "unsupported_grant_type",
        `grant_type "${grantType}" is not supported; use authorization_code or refresh_token`,
      );
    }

    const clientId = clientIdOf(c, form);
    if (!clientId) return oauthError(c, ctx, 400, "invalid_request", "Missing form field: client_id");
    const client = store.clients.get(clientId);
    if (!client) return oauthError(c, ctx, 401, "invalid_client", `Unknown client_id "${clientId}"; register again`);
    if (!client.grantTypes.includes(grantType))
      return oauthError(c, ctx, 400, "unauthorized_client", `This client did not register the ${grantType} grant`);

    return grantType === "authorization_code"
      ? tokens.authorizationCode(c, client, form)
      : tokens.refreshToken(c, client, form);
  });
}
