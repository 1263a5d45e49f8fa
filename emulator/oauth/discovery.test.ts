import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(() => emu.close());

const json = async (path: string) => {
  const res = await fetch(`${emu.url}${path}`);
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as Record<string, unknown> };
};

// Spec section 4, every v2 path (copied from the spec's tables, independently of api-operations.ts).
const SPEC_SECTION_4 = `
POST /orders/preview; POST /orders; GET /orders; GET /orders/{id}; POST /esim/orders/preview; POST /esim/orders;
GET /balance; GET /balance/history; POST /webhooks; GET /webhooks; GET /webhooks/{id}; PATCH /webhooks/{id}; DELETE /webhooks/{id};
GET /status; GET /geo; GET /;
GET /topup/carriers/lookup/{phone}; GET /topup/countries; GET /topup/operators; GET /topup/operators/{id}/service-types;
GET /topup/operators/{id}/rates; GET /topup/service-types; GET /topup/promotions; GET /topup/products/search; GET /topup/products/{operator_id};
GET /countries; GET /operators; GET /operators/{id}/service-types; GET /operators/{id}/rates; GET /products/search;
GET /products/{operator_id}; GET /carriers/lookup/{phone}; GET /service-types; GET /promotions;
GET /esim/destinations; GET /esim/products; GET /esim/products/{catalog_id}; GET /esim/lines/{iccid}; GET /esim/qr/{ticket_id}/{sig};
GET /giftcards/countries; GET /giftcards/brands; GET /giftcards/brands/{id}/products; GET /giftcards/products/{operator_id}`
  .split(";")
  .map((s) => s.trim().split(" ") as [string, string]);

describe("discovery (spec section 5)", () => {
  it("§5 discovery 1: a call without credentials gets 401 with WWW-Authenticate Bearer resource_metadata, which resolves to the resource metadata", async () => {
    const res = await fetch(`${emu.url}/v2/balance`);
    expect(res.status).toBe(401);
    const challenge = res.headers.get("WWW-Authenticate")!;
    expect(challenge).toMatch(/^Bearer /);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    expect(metadataUrl).toBe(`${emu.url}/.well-known/oauth-protected-resource/v2`);
    const metadata = (await (await fetch(metadataUrl)).json()) as { resource: string };
    expect(metadata.resource).toBe(`${emu.url}/v2`);
  });

  it("§5 discovery 2: protected resource metadata names the v2 base as resource (RFC 9728: equals the identifier the URL was built from)", async () => {
    const { body } = await json("/.well-known/oauth-protected-resource/v2");
    // RFC 9728 §3.1: metadata URL = host + /.well-known/oauth-protected-resource + resource path.
    const identifier = new URL(`${emu.url}/v2`);
    expect(`${identifier.origin}/.well-known/oauth-protected-resource${identifier.pathname}`).toBe(
      `${emu.url}/.well-known/oauth-protected-resource/v2`,
    );
    expect(body.resource).toBe(identifier.href);
    expect(body.authorization_servers).toEqual([emu.ctx.config.authBaseUrl]);
    expect(body.scopes_supported).toEqual(
      "openid profile orders:read orders:write balance:read webhooks:read webhooks:write".split(" "),
    );
    expect(body.bearer_methods_supported).toEqual(["header"]);
    expect(body.resource_documentation).toBe(`${emu.url}/v2/docs`);
    const docs = await fetch(body.resource_documentation as string);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("/esim/qr/{ticket_id}/{sig}");
  });

  it("§5 discovery 3: authorization server metadata has issuer = auth base, the endpoints, PKCE S256 and the agent_auth block", async () => {
    const { body } = await json("/.well-known/oauth-authorization-server");
    const auth = emu.ctx.config.authBaseUrl;
    expect(body.issuer).toBe(auth);
    expect(body.authorization_endpoint).toBe(`${auth}/oauth/authorize`);
    expect(body.token_endpoint).toBe(`${auth}/oauth/token`);
    expect(body.registration_endpoint).toBe(`${auth}/oauth/register`);
    expect(body.code_challenge_methods_supported).toEqual(["S256"]);
    expect(body.grant_types_supported).toEqual(["authorization_code", "refresh_token"]);
    expect(body.response_types_supported).toEqual(["code"]);
    expect(body.token_endpoint_auth_methods_supported).toEqual(["none"]);
    expect(body.agent_auth).toEqual({
      skill: `${auth}/oauth/skill.md`,
      register_uri: `${auth}/oauth/register`,
      claim_uri: `${auth}/oauth/authorize`,
      identity_types_supported: ["identity_assertion", "anonymous"],
      identity_assertion: {
        assertion_types_supported: ["verified_email"],
        credential_types_supported: ["access_token", "refresh_token"],
      },
      anonymous: { credential_types_supported: ["api_key"] },
    });
    const skill = await fetch((body.agent_auth as { skill: string }).skill);
    expect(skill.headers.get("Content-Type")).toMatch(/^text\/markdown/);
    expect(await skill.text()).toContain(`${auth}/oauth/register`);
  });

  it("§5 discovery 4: OpenID configuration with the same issuer, a JWKS and a userinfo endpoint", async () => {
    const { body } = await json("/.well-known/openid-configuration");
    expect(body.issuer).toBe(emu.ctx.config.authBaseUrl);
    expect(body.subject_types_supported).toEqual(["public"]);
    expect(body.id_token_signing_alg_values_supported).toEqual(["RS256"]);
    const jwks = (await (await fetch(body.jwks_uri as string)).json()) as { keys: Array<{ kty: string; alg: string }> };
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256" });
  });

  it("§5 discovery 4: RFC 9727 API catalog (application/linkset+json) links the v2 API, its OpenAPI document and docs", async () => {
    const res = await fetch(`${emu.url}/.well-known/api-catalog`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/linkset\+json/);
    const { linkset } = (await res.json()) as { linkset: Array<Record<string, unknown>> };
    expect(linkset[0]).toMatchObject({
      anchor: `${emu.url}/v2`,
      "service-desc": [{ href: `${emu.url}/v2/openapi.json` }],
      "service-doc": [{ href: `${emu.url}/v2/docs` }],
    });
    const head = await fetch(`${emu.url}/.well-known/api-catalog`, { method: "HEAD" });
    expect(head.headers.get("Link")).toBe(`<${emu.url}/.well-known/api-catalog>; rel="api-catalog"`);
  });

  it("§5 discovery 4 / §4: the OpenAPI 3.1 document covers every v2 path of section 4 with its method, security schemes and envelope", async () => {
    const { body } = await json("/v2/openapi.json");
    const doc = body as {
      openapi: string;
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, { security: unknown[] }>>;
      components: {
        securitySchemes: Record<
          string,
          { type: string; flows?: { authorizationCode: { scopes: Record<string, string> } } }
        >;
        schemas: Record<string, unknown>;
      };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]!.url).toBe(`${emu.url}/v2`);
    for (const [method, path] of SPEC_SECTION_4)
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    expect(Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0)).toBe(SPEC_SECTION_4.length);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.components.securitySchemes.oauth2!.flows!.authorizationCode.scopes)).toContain(
      "balance:read",
    );
    expect(doc.paths["/status"]!.get!.security).toEqual([]);
    expect(doc.paths["/balance"]!.get!.security).toEqual([{ apiKey: [] }, { oauth2: ["balance:read"] }]);
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({ required: ["success", "data", "error", "meta"] });
  });
});
