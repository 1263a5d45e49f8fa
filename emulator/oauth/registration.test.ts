import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";
import { registerClient } from "./test-support";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emulatorControl(emu.url).reset();
  await emulatorControl(emu.url).setConfig({ verifiedEmailEnabled: true });
});

const register = async (body: unknown) => {
  const res = await fetch(`${emu.url}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const valid = {
  client_name: "Shop",
  redirect_uris: ["https://shop.example/callback"],
  grant_types: ["authorization_code", "refresh_token"],
  response_types: ["code"],
  token_endpoint_auth_method: "none",
  scope: "orders:read orders:write balance:read",
};

describe("registration (spec section 5, RFC 7591)", () => {
  it("§5 registration: 201 with client_id, empty client_secret, redirect_uris, grant_types, auth method none and scope; no token", async () => {
    const { status, body } = await register(valid);
    expect(status).toBe(201);
    expect(body.client_id).toMatch(/^client_/);
    expect(body.client_secret).toBe("");
    expect(body.redirect_uris).toEqual(["https://shop.example/callback"]);
    expect(body.grant_types).toEqual(["authorization_code", "refresh_token"]);
    expect(body.token_endpoint_auth_method).toBe("none");
    expect(body.scope).toBe("orders:read orders:write balance:read");
    expect(body).not.toHaveProperty("access_token");
    expect(body).not.toHaveProperty("refresh_token");
  });

  it("§5 registration: the client is listed by the control", async () => {
    const client = await registerClient(emu.url);
    const clients = await emulatorControl(emu.url).oauth.clients();
    expect(clients.map((c) => c.client_id)).toEqual([client.client_id]);
  });

  it("§5 registration: http redirect URIs are accepted for loopback hosts only", async () => {
    expect(
      (
        await register({
          ...valid,
          redirect_uris: ["http://127.0.0.1:3000/cb", "http://localhost/cb", "http://[::1]:8080/cb"],
        })
      ).status,
    ).toBe(201);
    const remote = await register({ ...valid, redirect_uris: ["http://shop.example/callback"] });
    expect(remote.status).toBe(400);
    expect(remote.body.error).toBe("invalid_client_metadata");
    expect(remote.body.error_description).toMatch(/loopback/);
  });

  it.each([
    ["a relative redirect URI", { redirect_uris: ["/callback"] }],
    ["no redirect URIs", { redirect_uris: [] }],
    ["a javascript: redirect URI", { redirect_uris: ["javascript:alert(1)"] }],
    ["a redirect URI with a fragment", { redirect_uris: ["https://shop.example/cb#x"] }],
    ["an unsupported grant type", { grant_types: ["authorization_code", "implicit"] }],
    ["the client_credentials grant", { grant_types: ["client_credentials"] }],
    ["response type token", { response_types: ["token"] }],
    ["a client secret auth method", { token_endpoint_auth_method: "client_secret_basic" }],
    ["an unknown scope", { scope: "orders:read admin" }],
  ])("§7 invalid_client_metadata: 400 for %s", async (_, change) => {
    const { status, body } = await register({ ...valid, ...change });
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_client_metadata");
    expect(typeof body.error_description).toBe("string");
  });

  it("§7 invalid_client_metadata: a body that is not JSON", async () => {
    const res = await fetch(`${emu.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_client_metadata");
  });

  it("§7 verified_email_not_enabled: registration is refused when the verified-email path is switched off", async () => {
    await emulatorControl(emu.url).setConfig({ verifiedEmailEnabled: false });
    const { status, body } = await register(valid);
    expect(status).toBe(403);
    expect(body.error).toBe("verified_email_not_enabled");
    const clients = await emulatorControl(emu.url).oauth.clients();
    expect(clients).toEqual([]);
  });

  it("§5 registration: reset forgets registered clients", async () => {
    await registerClient(emu.url);
    await emulatorControl(emu.url).reset();
    const clients = await emulatorControl(emu.url).oauth.clients();
    expect(clients).toEqual([]);
  });
});
