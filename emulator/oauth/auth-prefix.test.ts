import { decodeJwt } from "jose";
import { createServer } from "node:net";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";
import { obtainTokens, registerClient } from "./test-support";

// {auth_url} with a path prefix: the authorization server lives under /auth while the API stays at /v2.

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
  emu = await startEmulator(port, { controls: true, authBaseUrl: auth });
});
afterAll(() => emu.close());

describe("auth base with a path prefix (spec section 5, {auth_url})", () => {
  it("§5 discovery: the protected resource names the prefixed issuer, whose metadata sits at {auth_url}/.well-known and at the RFC 8414 path", async () => {
    const prm = (await (await fetch(`${emu.url}/.well-known/oauth-protected-resource/v2`)).json()) as {
      authorization_servers: string[];
      resource: string;
    };
    expect(prm.resource).toBe(`${emu.url}/v2`);
    expect(prm.authorization_servers).toEqual([auth]);
    for (const path of [
      "/auth/.well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server/auth",
    ]) {
      const res = await fetch(`${emu.url}${path}`);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as Record<string, string>;
      expect(body.issuer).toBe(auth);
      expect(body.authorization_endpoint).toBe(`${auth}/oauth/authorize`);
      expect(body.token_endpoint).toBe(`${auth}/oauth/token`);
      expect(body.registration_endpoint).toBe(`${auth}/oauth/register`);
    }
    expect((await fetch(`${auth}/.well-known/openid-configuration`)).status).toBe(200);
  });

  it("§5 the OAuth endpoints live under the prefix only", async () => {
    const root = await fetch(`${emu.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(root.status).not.toBe(201);
    const clients = await emulatorControl(emu.url).oauth.clients();
    expect(clients).toEqual([]);
    expect((await registerClient(auth)).client_id).toMatch(/^client_/);
  });

  it("§5 oauth4webapi discovers the prefixed issuer (RFC 8414 and OIDC forms) and its tokens carry it as iss", async () => {
    const issuer = new URL(auth);
    const insecure = { [oauth.allowInsecureRequests]: true } as const;
    const rfc8414 = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oauth2" }),
    );
    const oidc = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
    expect(rfc8414.token_endpoint).toBe(`${auth}/oauth/token`);
    expect(oidc.issuer).toBe(auth);

    const client = await registerClient(auth);
    const tokens = await obtainTokens(auth, client.client_id, "pro@emulator.test", "orders:read balance:read");
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: auth, aud: `${emu.url}/v2` });
    expect(
      (await fetch(`${emu.url}/v2/balance`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status,
    ).toBe(200);
  });
});
