import type { EmulatorContext } from "../core/context";

// Every address the OAuth module publishes, computed from the config on each call: startEmulator
// fills publicUrl/authBaseUrl only after the port is bound, and tests may point authBaseUrl at a
// path prefix (e.g. http://127.0.0.1:4010/auth).

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** Path part of the auth base ("" at the host root, "/auth" for a prefix). Fixed at registration. */
export function authBasePath(ctx: EmulatorContext): string {
  return new URL(ctx.config.authBaseUrl).pathname.replace(/\/+$/, "");
}

export function oauthUrls(ctx: EmulatorContext) {
  const auth = trimSlash(ctx.config.authBaseUrl);
  const pub = trimSlash(ctx.config.publicUrl);
  return {
    /** Issuer: the auth base exactly as configured (RFC 8414 §3.3 compares it verbatim). */
    issuer: ctx.config.authBaseUrl,
    authorize: `${auth}/oauth/authorize`,
    token: `${auth}/oauth/token`,
    register: `${auth}/oauth/register`,
    userinfo: `${auth}/oauth/userinfo`,
    jwks: `${auth}/.well-known/jwks.json`,
    skill: `${auth}/oauth/skill.md`,
    /** Protected resource identifier and access-token audience: the v2 base (spec section 9). */
    resource: `${pub}/v2`,
    resourceMetadata: `${pub}/.well-known/oauth-protected-resource/v2`,
    openapi: `${pub}/v2/openapi.json`,
    docs: `${pub}/v2/docs`,
    apiCatalog: `${pub}/.well-known/api-catalog`,
  };
}
