import type { Handler } from "hono";
import { cors } from "hono/cors";
import type { EmulatorContext } from "../core/context";
import type { IdTokenSigner } from "./id-token";
import { documented, metadataAtInsertedPath } from "./dialect";
import { SUPPORTED_GRANT_TYPES } from "./registration";
import { SUPPORTED_SCOPES } from "./scopes";
import { oauthUrls } from "./urls";
import type { EmulatorApp, EmulatorEnv } from "../core/hono-env";

// Discovery documents (spec section 5 "Discovery"): protected resource metadata (RFC 9728),
// authorization server metadata (RFC 8414) with the agent_auth block, the OpenID configuration,
// the JWKS of ID tokens, and the API catalog (RFC 9727). All built per request from the config.

export function protectedResourceMetadata(ctx: EmulatorContext) {
  const urls = oauthUrls(ctx);
  return {
    resource: ctx.config.advertisedResource ?? urls.resource,
    authorization_servers: [urls.issuer],
    scopes_supported: [...SUPPORTED_SCOPES],
    bearer_methods_supported: ["header"],
    resource_documentation: urls.docs,
    // C§5 Discovery 2 names the five fields above; the documented dialect answers them alone.
    ...(documented(ctx) ? {} : { resource_name: "Commerce API v2 (emulator)" }),
  };
}

/** C§5 Discovery 3 names these fields and no others: the documented dialect answers them alone. */
function documentedServerMetadata(ctx: EmulatorContext) {
  const urls = oauthUrls(ctx);
  return {
    issuer: ctx.config.advertisedIssuer ?? urls.issuer,
    authorization_endpoint: urls.authorize,
    token_endpoint: urls.token,
    registration_endpoint: urls.register,
    agent_auth: agentAuth(ctx),
  };
}

function agentAuth(ctx: EmulatorContext) {
  const urls = oauthUrls(ctx);
  return {
    skill: urls.skill,
    register_uri: urls.register,
    claim_uri: urls.authorize,
    identity_types_supported: ["identity_assertion", "anonymous"],
    identity_assertion: {
      assertion_types_supported: ["verified_email"],
      credential_types_supported: ["access_token", "refresh_token"],
    },
    anonymous: { credential_types_supported: ["api_key"] },
  };
}

export function authorizationServerMetadata(ctx: EmulatorContext) {
  if (documented(ctx)) return documentedServerMetadata(ctx);
  // The observed dialect adds RFC 8414's fields to the documented ones.
  const urls = oauthUrls(ctx);
  return {
    ...documentedServerMetadata(ctx),
    userinfo_endpoint: urls.userinfo,
    jwks_uri: urls.jwks,
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...SUPPORTED_GRANT_TYPES],
    token_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    protected_resources: [urls.resource],
    service_documentation: urls.docs,
  };
}

export function openIdConfiguration(ctx: EmulatorContext) {
  return {
    ...authorizationServerMetadata(ctx),
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    claims_supported: ["iss", "sub", "aud", "exp", "iat", "auth_time", "nonce", "email", "email_verified"],
  };
}

export function apiCatalog(ctx: EmulatorContext) {
  const urls = oauthUrls(ctx);
  return {
    linkset: [
      {
        anchor: urls.resource,
        "service-desc": [{ href: urls.openapi, type: "application/openapi+json" }],
        "service-doc": [{ href: urls.docs, type: "text/html" }],
        "service-meta": [{ href: urls.resourceMetadata, type: "application/json" }],
      },
    ],
  };
}

const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** Registers one handler under several paths (the same document has a spec form and an RFC form). */
function getAt(app: EmulatorApp, paths: string[], handler: Handler<EmulatorEnv>) {
  for (const path of new Set(paths)) {
    app.use(path, cors());
    app.get(path, handler);
  }
}

export function registerMetadata(
  app: EmulatorApp,
  ctx: EmulatorContext,
  idTokens: IdTokenSigner,
  authPath: string,
): void {
  getAt(app, ["/.well-known/oauth-protected-resource/v2"], (c) => c.json(protectedResourceMetadata(ctx)));

  // {auth_url}/.well-known/... as the spec writes it, and RFC 8414 §3.1's form that inserts the
  // well-known segment before the issuer's path (what oauth4webapi's "oauth2" discovery fetches).
  // (the documented dialect serves only the spec's form: C§5 Discovery 3).
  const documentedPath = `${authPath}/.well-known/oauth-authorization-server`;
  getAt(app, [documentedPath, `/.well-known/oauth-authorization-server${authPath}`], (c) =>
    c.req.path !== documentedPath && !metadataAtInsertedPath(ctx)
      ? c.json({ error: "not_found" }, 404)
      : c.json(authorizationServerMetadata(ctx)),
  );
  getAt(app, [`${authPath}/.well-known/openid-configuration`, `/.well-known/openid-configuration${authPath}`], (c) =>
    c.json(openIdConfiguration(ctx)),
  );
  getAt(app, [`${authPath}/.well-known/jwks.json`], async (c) => c.json(await idTokens.jwks()));

  getAt(app, ["/.well-known/api-catalog", `${authPath}/.well-known/api-catalog`], (c) => {
    c.header("Link", `<${oauthUrls(ctx).apiCatalog}>; rel="api-catalog"`);
    return c.body(JSON.stringify(apiCatalog(ctx)), 200, { "Content-Type": LINKSET_TYPE });
  });
}
