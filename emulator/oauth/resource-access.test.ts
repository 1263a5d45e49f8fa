import { Hono } from "hono";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";
import { requireAuth, type CommerceVariables } from "../commerce/auth";
import { advanceClock, obtainTokens, registerClient } from "./test-support";

// OAuth access tokens at the resource: the real commerce routes GET /v2/balance (PRO only,
// balance:read) and GET /v2/orders (orders:read). The principal's OAuth details (via, client)
// are not in any API answer, so one test reads them through requireAuth on a small app that
// shares the running emulator's context (same clock, signing key and revocations).

let emu: RunningEmulator;
let clientId: string;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emulatorControl(emu.url).reset();
  clientId = (await registerClient(emu.url)).client_id;
});

const call = (path: string, token: string) =>
  fetch(`${emu.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("OAuth access tokens at the commerce API (spec sections 5 and 8)", () => {
  it("§5 a PRO access token is accepted as plain bearer by GET /v2/balance; the env claim picks the environment", async () => {
    const sandbox = await obtainTokens(emu.url, clientId, "pro@emulator.test", "orders:read balance:read", "sandbox");
    const res = await call("/v2/balance", sandbox.access_token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { environment: string } }).data.environment).toBe("sandbox");
    const production = await obtainTokens(emu.url, clientId, "pro@emulator.test", "balance:read");
    expect(
      ((await (await call("/v2/balance", production.access_token)).json()) as { data: { environment: string } }).data
        .environment,
    ).toBe("production");
  });

  it("§5 the verifier gives requireAuth the account, environment, scopes and client of the token", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "orders:read balance:read", "sandbox");
    const probe = new Hono<{ Variables: CommerceVariables }>().get(
      "/whoami",
      requireAuth(emu.ctx, { scope: "balance:read", proOnly: true }),
      (c) => {
        const p = c.get("principal");
        return c.json({
          account: p.account.id,
          environment: p.environment,
          via: p.via,
          clientId: p.clientId,
          scopes: p.scopes,
        });
      },
    );
    const res = await probe.request("/whoami", { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(await res.json()).toEqual({
      account: "acct_shop",
      environment: "sandbox",
      via: "oauth",
      clientId,
      scopes: ["orders:read", "balance:read"],
    });
  });

  it("§5 consumer OAuth: a consumer token works for orders but is refused on a PRO-only route (403)", async () => {
    const tokens = await obtainTokens(
      emu.url,
      clientId,
      "consumer@emulator.test",
      "orders:read orders:write balance:read",
    );
    expect(tokens.scope).toBe("orders:read orders:write");
    expect((await call("/v2/orders", tokens.access_token)).status).toBe(200);
    const res = await call("/v2/balance", tokens.access_token);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe("API_ACCESS_DENIED");
  });

  it("§7 insufficient_scope: a PRO token without balance:read gets 403 insufficient_scope", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "orders:read");
    const res = await call("/v2/balance", tokens.access_token);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe("insufficient_scope");
    expect(res.headers.get("WWW-Authenticate")).toContain('error="insufficient_scope"');
  });

  it("§8 access token lifetime: valid for 3600 s of emulator time, then 401", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "balance:read");
    // The emulator's clock also runs in real time: 10 s short of the hour leaves a loaded
    // machine room between the token and the call (1 s did not, in a CI run).
    await advanceClock(emu.url, 3590_000);
    expect((await call("/v2/balance", tokens.access_token)).status).toBe(200);
    await advanceClock(emu.url, 11_000);
    const res = await call("/v2/balance", tokens.access_token);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe("INVALID_TOKEN");
    expect(res.headers.get("WWW-Authenticate")).toBe(
      `Bearer resource_metadata="${emu.url}/.well-known/oauth-protected-resource/v2"`,
    );
  });

  it("§5 on 401 refresh once: after expiry the refreshed token works again", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "balance:read");
    await advanceClock(emu.url, 3601_000);
    const refreshed = await fetch(`${emu.url}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: clientId,
      }),
    });
    const next = (await refreshed.json()) as { access_token: string };
    expect((await call("/v2/balance", next.access_token)).status).toBe(200);
  });

  it("§5 revoking a client's tokens (control) also ends its access tokens", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "balance:read");
    await emulatorControl(emu.url).oauth.revoke({ client_id: clientId });
    expect((await call("/v2/balance", tokens.access_token)).status).toBe(401);
  });

  it("§5 revoking an account's tokens (control, like a password change) ends them too", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "balance:read");
    expect((await emulatorControl(emu.url).oauth.revoke({ account_id: "acct_shop" })).accessTokens).toBe(1);
    expect((await call("/v2/balance", tokens.access_token)).status).toBe(401);
  });

  it("§5 ID-JAG: a JWT of type oauth-id-jag+jwt is not accepted as an access token, even with the right key and claims", async () => {
    const now = Math.floor(emu.ctx.clock.now() / 1000);
    const jag = await new SignJWT({ scope: "balance:read", client_id: clientId, env: "production" })
      .setProtectedHeader({ alg: "HS256", typ: "oauth-id-jag+jwt" })
      .setIssuer(emu.ctx.config.authBaseUrl)
      .setSubject("acct_shop")
      .setAudience(`${emu.url}/v2`)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti("jag1")
      .sign(emu.ctx.tokenSigningKey);
    expect((await call("/v2/balance", jag)).status).toBe(401);
  });

  it("§5 a token signed with another key or for another audience is refused", async () => {
    const now = Math.floor(emu.ctx.clock.now() / 1000);
    const forged = await new SignJWT({ scope: "balance:read", env: "production" })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setIssuer(emu.ctx.config.authBaseUrl)
      .setSubject("acct_shop")
      .setAudience(`${emu.url}/v2`)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti("x")
      .sign(new Uint8Array(32));
    expect((await call("/v2/balance", forged)).status).toBe(401);
    expect((await call("/v2/balance", "not-a-jwt")).status).toBe(401);
  });

  it("§5 two emulators in one process each accept their own tokens", async () => {
    const other = await startEmulator(0, { controls: true });
    try {
      const otherClient = await registerClient(other.url);
      const mine = await obtainTokens(emu.url, clientId, "pro@emulator.test", "balance:read");
      const theirs = await obtainTokens(other.url, otherClient.client_id, "pro@emulator.test", "balance:read");
      expect((await call("/v2/balance", mine.access_token)).status).toBe(200);
      expect(
        (await fetch(`${other.url}/v2/balance`, { headers: { Authorization: `Bearer ${theirs.access_token}` } }))
          .status,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });
});
