import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { authorize, authorizeUrl, PKCE_VECTOR, REDIRECT_URI, registerClient, tokenRequest } from "./test-support";

// The documented dialect (README "Dialects"): the authorization server answers only what
// commerce-api-v2.md section 5 and section 7 name. The auth base has a path, so C§5's
// `{auth_url}/.well-known/oauth-authorization-server` and RFC 8414's inserted path differ.

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let emu: RunningEmulator;
let auth: string;
beforeAll(async () => {
  const port = await freePort();
  auth = `http://127.0.0.1:${port}/auth`;
  emu = await startEmulator(port, { controls: true, authBaseUrl: auth, dialect: "documented" });
});
afterAll(() => emu.close());

describe("documented dialect (C§5, C§7)", () => {
  it("C§5 Discovery 3: the metadata names issuer, the three endpoints and agent_auth only, at {auth_url}/.well-known only", async () => {
    const res = await fetch(`${auth}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      "agent_auth",
      "authorization_endpoint",
      "issuer",
      "registration_endpoint",
      "token_endpoint",
    ]);
    expect(body.issuer).toBe(auth);
    expect((await fetch(`${emu.url}/.well-known/oauth-authorization-server/auth`)).status).toBe(404);
  });

  it("C§5 Discovery 2: the protected resource metadata has the five named fields", async () => {
    const body = (await (await fetch(`${emu.url}/.well-known/oauth-protected-resource/v2`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(body).sort()).toEqual([
      "authorization_servers",
      "bearer_methods_supported",
      "resource",
      "resource_documentation",
      "scopes_supported",
    ]);
  });

  it("C§5 Claim: the redirect carries code and state, no iss; a denial carries error and state, no iss", async () => {
    const client = await registerClient(auth);
    const params = {
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      scope: "orders:read",
      state: "s1",
      code_challenge: PKCE_VECTOR.challenge,
      code_challenge_method: "S256",
    };
    const approved = await authorize(authorizeUrl(auth, params), "pro@emulator.test");
    expect([...approved.searchParams.keys()].sort()).toEqual(["code", "state"]);
    const denied = await authorize(authorizeUrl(auth, params), "pro@emulator.test", "deny");
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.has("iss")).toBe(false);
  });

  it("C§7: OAuth errors come in the envelope, with the OAuth code as error.code", async () => {
    const client = await registerClient(auth);
    const refused = await tokenRequest(auth, {
      grant_type: "refresh_token",
      refresh_token: "rt_unknown",
      client_id: client.client_id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      data: null,
      error: { code: "invalid_grant", message: expect.any(String) },
      meta: { request_id: expect.any(String) },
    });
    const unknown = await tokenRequest(auth, {
      grant_type: "refresh_token",
      refresh_token: "rt_x",
      client_id: "client_nobody",
    });
    expect(unknown.body).toMatchObject({ success: false, error: { code: "invalid_client" } });
    const badMetadata = await fetch(`${auth}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["javascript:alert(1)"] }),
    });
    expect(badMetadata.status).toBe(400);
    expect(await badMetadata.json()).toMatchObject({ success: false, error: { code: "invalid_client_metadata" } });
  });
});
