import * as oauth from "oauth4webapi";
import { afterEach, describe, expect, it, vi } from "vitest";
import { unwrap } from "../../commerce/envelope";
import { listOf } from "../../commerce/endpoints/shared";
import { createdWebhookSchema, webhookEventSchema, webhookSchema } from "../../commerce/schemas";
import type { UpstreamResponse } from "../../http";
import { readCodeExchange, readRefresh, readRegistration, tokensFrom } from "./answers";
import { discoverAuthorizationServer, serverMetadataUrls } from "./discovery";
import { asOAuthResponse } from "./error-body";

// The smallest answers the documents allow (commerce-api-v2.md sections 2, 4, 5, 6, 7), each fed to
// the shop's reader of it: nothing beyond the named fields, so a live service that answers just
// that is understood. Discovery's network is a table of those answers (no server: unit test).

const API = "https://api.example.com";
const AUTH = "https://auth.example.com/oauth-server";
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** C§5 Discovery 2: the five named fields. */
const PROTECTED_RESOURCE = {
  resource: `${API}/v2`,
  authorization_servers: [AUTH],
  scopes_supported: [
    "orders:read",
    "orders:write",
    "balance:read",
    "webhooks:read",
    "webhooks:write",
    "openid",
    "profile",
  ],
  bearer_methods_supported: ["header"],
  resource_documentation: `${API}/docs`,
};
/** C§5 Discovery 3: issuer, the three endpoints and the agent_auth block; no PKCE methods, no iss support flag. */
const SERVER_METADATA = {
  issuer: AUTH,
  authorization_endpoint: `${AUTH}/oauth/authorize`,
  token_endpoint: `${AUTH}/oauth/token`,
  registration_endpoint: `${AUTH}/oauth/register`,
  agent_auth: {
    skill: `${AUTH}/skill.md`,
    register_uri: `${AUTH}/oauth/register`,
    claim_uri: `${AUTH}/oauth/authorize`,
    identity_types_supported: ["identity_assertion", "anonymous"],
    identity_assertion: {
      assertion_types_supported: ["verified_email"],
      credential_types_supported: ["access_token", "refresh_token"],
    },
    anonymous: { credential_types_supported: ["api_key"] },
  },
};

function serve(routes: Record<string, () => Response>) {
  const seen: string[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    seen.push(url);
    return (
      routes[url]?.() ?? json({ success: false, data: null, error: { code: "NOT_FOUND", message: "no route" } }, 404)
    );
  });
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

const challenge = () =>
  new Response(null, {
    status: 401,
    headers: { "www-authenticate": `Bearer resource_metadata="${API}/.well-known/oauth-protected-resource/v2"` },
  });

describe("discovery (C§5 Discovery)", () => {
  it("reads the documented metadata at {auth_url}/.well-known/oauth-authorization-server, without a PKCE methods field", async () => {
    const seen = serve({
      [`${API}/v2/balance`]: challenge,
      [`${API}/.well-known/oauth-protected-resource/v2`]: () => json(PROTECTED_RESOURCE),
      [`${AUTH}/.well-known/oauth-authorization-server`]: () => json(SERVER_METADATA),
    });
    const found = await discoverAuthorizationServer(API);
    expect(found.resource).toBe(`${API}/v2`);
    expect(found.as).toMatchObject({
      issuer: AUTH,
      authorization_endpoint: SERVER_METADATA.authorization_endpoint,
      token_endpoint: SERVER_METADATA.token_endpoint,
    });
    expect(found.as.authorization_response_iss_parameter_supported).toBeUndefined();
    expect(seen).not.toContain("https://auth.example.com/.well-known/oauth-authorization-server/oauth-server");
  });

  it("falls back to RFC 8414's inserted path when the documented one is not there", async () => {
    serve({
      [`${API}/v2/balance`]: challenge,
      [`${API}/.well-known/oauth-protected-resource/v2`]: () => json(PROTECTED_RESOURCE),
      "https://auth.example.com/.well-known/oauth-authorization-server/oauth-server": () => json(SERVER_METADATA),
    });
    expect((await discoverAuthorizationServer(API)).as.issuer).toBe(AUTH);
  });

  it("the two addresses are one when the issuer has no path", () => {
    expect(serverMetadataUrls("https://auth.example.com")).toEqual([
      "https://auth.example.com/.well-known/oauth-authorization-server",
    ]);
    expect(serverMetadataUrls(AUTH)).toEqual([
      `${AUTH}/.well-known/oauth-authorization-server`,
      "https://auth.example.com/.well-known/oauth-authorization-server/oauth-server",
    ]);
  });

  it("still refuses a server that lists PKCE methods without S256", async () => {
    serve({
      [`${API}/v2/balance`]: challenge,
      [`${API}/.well-known/oauth-protected-resource/v2`]: () => json(PROTECTED_RESOURCE),
      [`${AUTH}/.well-known/oauth-authorization-server`]: () =>
        json({ ...SERVER_METADATA, code_challenge_methods_supported: ["plain"] }),
    });
    await expect(discoverAuthorizationServer(API)).rejects.toMatchObject({ code: "DISCOVERY_FAILED" });
  });
});

describe("registration and token answers (C§5 Registration, Token)", () => {
  const as: oauth.AuthorizationServer = { issuer: AUTH, token_endpoint: SERVER_METADATA.token_endpoint };
  const client: oauth.Client = { client_id: "client_1" };

  it("a registration 201 with the named fields (client_secret empty) gives the client id", async () => {
    const answer = json(
      {
        client_id: "client_1",
        client_secret: "",
        redirect_uris: ["https://shop.example.com/cb"],
        grant_types: ["authorization_code", "refresh_token"],
        token_endpoint_auth_method: "none",
        scope: "orders:read",
      },
      201,
    );
    expect(await readRegistration(answer)).toEqual({ client_id: "client_1" });
  });

  it("a token 200 with the named fields gives the tokens and scope, for the code and the refresh grant", async () => {
    const body = {
      access_token: "at_1",
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: "rt_1",
      scope: "orders:read orders:write",
    };
    const exchanged = await readCodeExchange(as, client, json(body));
    expect(exchanged.scope).toBe("orders:read orders:write");
    expect(tokensFrom(exchanged, 0)).toEqual({
      accessToken: "at_1",
      refreshToken: "rt_1",
      accessTokenExpiresAt: 3_600_000,
    });
    expect(tokensFrom(await readRefresh(as, client, json(body)), 0).refreshToken).toBe("rt_1");
  });

  it("C§7: an OAuth error in the envelope is read as its code, like the RFC 6749 body", async () => {
    const envelope = {
      success: false,
      data: null,
      error: { code: "invalid_grant", message: "refresh failed" },
      meta: { request_id: "r1", timestamp: "2026-11-28T10:00:00Z" },
    };
    for (const answer of [
      json(envelope, 400),
      json({ error: "invalid_grant", error_description: "refresh failed" }, 400),
    ]) {
      await expect(readRefresh(as, client, answer)).rejects.toMatchObject({
        error: "invalid_grant",
        error_description: "refresh failed",
      });
    }
    await expect(
      readRegistration(json({ ...envelope, error: { code: "verified_email_not_enabled", message: "off" } }, 403)),
    ).rejects.toMatchObject({ error: "verified_email_not_enabled" });
  });

  it("a token answer wrapped in the envelope (C§7 'every response') is read too", async () => {
    const wrapped = json({
      success: true,
      data: {
        access_token: "at_2",
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: "rt_2",
        scope: "orders:read",
      },
      error: null,
      meta: {},
    });
    expect((await readCodeExchange(as, client, wrapped)).access_token).toBe("at_2");
    expect(await (await asOAuthResponse(json({ access_token: "bare" }))).json()).toEqual({ access_token: "bare" });
  });
});

describe("webhook answers (C§2 Webhook, C§4 Core: webhooks)", () => {
  const answer = (data: unknown, status = 200): UpstreamResponse => ({
    status,
    headers: new Headers(),
    body: { success: true, data, error: null, meta: { request_id: "r", timestamp: "2026-11-28T10:00:00Z" } },
    attempts: 1,
  });
  const hook = {
    id: "wh_1",
    url: "https://shop.example.com/api/webhooks/commerce",
    events: ["order.created", "order.fulfilled", "order.failed"],
    status: "active",
  };

  it("create: the secret is read under either name, and an answer without one is refused", () => {
    expect(
      unwrap("POST /v2/webhooks", answer({ ...hook, signing_secret: "whsec_AAAA" }, 201), createdWebhookSchema).data
        .secret,
    ).toBe("whsec_AAAA");
    expect(
      unwrap("POST /v2/webhooks", answer({ ...hook, secret: "whsec_BBBB" }, 201), createdWebhookSchema).data.secret,
    ).toBe("whsec_BBBB");
    expect(() => unwrap("POST /v2/webhooks", answer(hook, 201), createdWebhookSchema)).toThrow(/signing secret/);
  });

  it("list and detail with only the four named fields", () => {
    expect(unwrap("GET /v2/webhooks", answer([hook]), listOf(webhookSchema)).data).toEqual([hook]);
    expect(unwrap("GET /v2/webhooks/{id}", answer(hook), webhookSchema).data).toEqual(hook);
  });
});

describe("webhook payloads (C§6), in both readings", () => {
  const order = { order_id: "ord_1", type: "esim", status: "fulfilled", environment: "production" };

  it("the documents' literal reading: the order (type = order type) with the event kind under `event`; order.completed is order.fulfilled", () => {
    const parsed = webhookEventSchema.parse({ event: "order.completed", ...order });
    expect(parsed).toMatchObject({
      id: null,
      type: "order.completed",
      canonicalType: "order.fulfilled",
      environment: "production",
      data: { order_id: "ord_1", type: "esim", status: "fulfilled" },
    });
  });

  it("the notes' reading: { id, type: <event>, data: <order> }", () => {
    const parsed = webhookEventSchema.parse({
      id: "evt_1",
      type: "order.failed",
      timestamp: "2026-11-28T10:00:00Z",
      environment: "sandbox",
      data: { ...order, status: "failed" },
    });
    expect(parsed).toMatchObject({
      id: "evt_1",
      canonicalType: "order.failed",
      environment: "sandbox",
      data: { order_id: "ord_1", type: "esim" },
    });
  });

  it("a body that is neither is refused", () => {
    expect(webhookEventSchema.safeParse({ event: "order.created" }).success).toBe(false);
    expect(webhookEventSchema.safeParse({ type: "order.created", order_id: "ord_1" }).success).toBe(false);
  });
});
