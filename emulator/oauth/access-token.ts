import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import type { AccessTokenVerifier } from "../commerce/auth";
import { COMMERCE_ACCOUNTS, type Environment } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import { randomId, type OAuthStore } from "./store";
import { oauthUrls } from "./urls";

// OAuth access tokens: JWT (RFC 9068 profile, `typ: at+jwt`) signed HS256 with the context's
// key, checked by the commerce API through setAccessTokenVerifier. Time is the emulator clock.

export const ACCESS_TOKEN_LIFETIME_S = 3600;
const ACCESS_TOKEN_TYP = "at+jwt";

export type AccessTokenGrant = {
  accountId: string;
  clientId: string;
  scopes: string[];
  environment: Environment;
  familyId: string;
};

export async function signAccessToken(
  ctx: EmulatorContext,
  store: OAuthStore,
  grant: AccessTokenGrant,
): Promise<string> {
  const urls = oauthUrls(ctx);
  const iat = Math.floor(ctx.clock.now() / 1000);
  const jti = randomId("at_", 12);
  store.accessTokens.set(jti, {
    jti,
    clientId: grant.clientId,
    accountId: grant.accountId,
    familyId: grant.familyId,
    expiresAt: (iat + ACCESS_TOKEN_LIFETIME_S) * 1000,
  });
  return new SignJWT({ scope: grant.scopes.join(" "), client_id: grant.clientId, env: grant.environment })
    .setProtectedHeader({ alg: "HS256", typ: ACCESS_TOKEN_TYP })
    .setIssuer(urls.issuer)
    .setSubject(grant.accountId)
    .setAudience(urls.resource)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_S)
    .setJti(jti)
    .sign(ctx.tokenSigningKey);
}

/**
 * The verifier handed to commerce/auth.ts. Rejects (returns null) anything that is not one of
 * our access tokens: bad signature, other issuer or audience, expired on the emulator clock,
 * revoked through a control, a different JWT type (e.g. a provider-issued ID-JAG), unknown account.
 */
export function accessTokenVerifier(ctx: EmulatorContext, store: OAuthStore): AccessTokenVerifier {
  return async (token) => {
    const urls = oauthUrls(ctx);
    try {
      const { payload } = await jwtVerify(token, ctx.tokenSigningKey, {
        algorithms: ["HS256"],
        typ: ACCESS_TOKEN_TYP,
        issuer: urls.issuer,
        audience: urls.resource,
        currentDate: ctx.clock.date(),
        requiredClaims: ["exp", "iat", "sub", "jti"],
      });
      if (store.revokedAccessTokens.has(payload.jti!)) return null;
      const account = COMMERCE_ACCOUNTS.find((a) => a.id === payload.sub);
      const env = payload.env;
      if (!account || (env !== "sandbox" && env !== "production")) return null;
      const scopes = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [];
      const clientId = typeof payload.client_id === "string" ? payload.client_id : undefined;
      return { account, environment: env, scopes, clientId };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  };
}
