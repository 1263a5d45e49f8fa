import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl, type OAuthTokens } from "../control-client";
import { s256Challenge } from "./pkce";
import {
  PKCE_VECTOR,
  REDIRECT_URI,
  advanceClock,
  authorize,
  authorizeUrl,
  obtainTokens,
  registerClient,
  tokenRequest,
} from "./test-support";

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

/** Runs sign-in and consent; returns a fresh authorization code bound to the RFC 7636 vector's challenge. */
async function code(scope = "orders:read orders:write balance:read", email = "pro@emulator.test") {
  const target = await authorize(
    authorizeUrl(emu.url, {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      scope,
      state: "st",
      code_challenge: PKCE_VECTOR.challenge,
      code_challenge_method: "S256",
    }),
    email,
  );
  return target.searchParams.get("code")!;
}
const exchange = (c: string, overrides: Record<string, string> = {}) =>
  tokenRequest(emu.url, {
    grant_type: "authorization_code",
    code: c,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    code_verifier: PKCE_VECTOR.verifier,
    ...overrides,
  });
const refresh = (refreshToken: string, overrides: Record<string, string> = {}) =>
  tokenRequest(emu.url, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: clientId,
    ...overrides,
  });

describe('token endpoint (spec section 5 "Token", section 7, section 8)', () => {
  it("§5 PKCE: S256 of the RFC 7636 Appendix B verifier is the published challenge", () => {
    expect(s256Challenge(PKCE_VECTOR.verifier)).toBe(PKCE_VECTOR.challenge);
  });

  it("§5 token: authorization_code with the RFC 7636 verifier gives a Bearer JWT, expires_in 3600, a refresh token and the scope", async () => {
    const res = await exchange(await code());
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: "orders:read orders:write balance:read",
    });
    expect(res.body.refresh_token).toMatch(/^rt_/);
    const token = res.body.access_token as string;
    expect(token).not.toContain(":");
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "HS256", typ: "at+jwt" });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: emu.ctx.config.authBaseUrl,
      sub: "acct_shop",
      aud: `${emu.url}/v2`,
      scope: "orders:read orders:write balance:read",
      client_id: clientId,
      env: "production",
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it("§5 token: the env claim follows the environment chosen on the consent page", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "orders:read", "sandbox");
    expect(decodeJwt(tokens.access_token).env).toBe("sandbox");
  });

  it("§5 token: with openid the response carries an RS256 ID token for the client", async () => {
    const tokens = await obtainTokens(emu.url, clientId, "pro@emulator.test", "openid profile orders:read");
    const claims = decodeJwt(tokens.id_token!);
    expect(claims).toMatchObject({
      iss: emu.ctx.config.authBaseUrl,
      sub: "acct_shop",
      aud: clientId,
      email: "pro@emulator.test",
    });
    const userinfo = await fetch(`${emu.url}/oauth/userinfo`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: "acct_shop", email: "pro@emulator.test", email_verified: true });
  });

  it("§7 invalid_grant: a code is single-use; replaying it also revokes the tokens it gave", async () => {
    const c = await code();
    const first = await exchange(c);
    expect(first.status).toBe(200);
    const again = await exchange(c);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
    expect((await refresh(first.body.refresh_token as string)).body.error).toBe("invalid_grant");
  });

  it("§7 invalid_grant: a code expires after 60 s of emulator time", async () => {
    const c = await code();
    await advanceClock(emu.url, 61_000);
    const res = await exchange(c);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
    expect(res.body.error_description).toMatch(/expired/);
  });

  it("§7 invalid_grant: PKCE mismatch (another valid-looking verifier)", async () => {
    const res = await exchange(await code(), { code_verifier: "a".repeat(43) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_grant" });
    expect(res.body.error_description).toMatch(/PKCE/);
  });

  it("§7 invalid_grant: redirect_uri differing from the authorization request", async () => {
    const res = await exchange(await code(), { redirect_uri: "http://127.0.0.1:9999/other" });
    expect(res.body.error).toBe("invalid_grant");
  });

  it("§7 invalid_request: a code_verifier shorter than 43 characters", async () => {
    const res = await exchange(await code(), { code_verifier: "short" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
  });

  it("§7 invalid_request: missing fields are named", async () => {
    const res = await tokenRequest(emu.url, { grant_type: "authorization_code", client_id: clientId });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.body.error_description).toContain("code, redirect_uri, code_verifier");
    expect((await tokenRequest(emu.url, { code: "x" })).body.error).toBe("invalid_request");
  });

  it("§7 invalid_request: a JSON body instead of a form", async () => {
    const res = await fetch(`${emu.url}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ grant_type: "authorization_code" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("§7 invalid_client: unknown client_id", async () => {
    const res = await exchange(await code(), { client_id: "client_unknown" });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("invalid_client");
  });

  it("§7 invalid_grant: a code issued to another client", async () => {
    const c = await code();
    const other = await registerClient(emu.url);
    const res = await exchange(c, { client_id: other.client_id });
    expect(res.body.error).toBe("invalid_grant");
  });

  it.each([["client_credentials"], ["password"], ["implicit"], ["urn:ietf:params:oauth:grant-type:device_code"]])(
    "§7 unsupported_grant_type: %s",
    async (grantType) => {
      const res = await tokenRequest(emu.url, { grant_type: grantType, client_id: clientId });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("unsupported_grant_type");
    },
  );

  it("§5 ID-JAG: a provider-issued ID-JAG is not accepted (token exchange and JWT bearer)", async () => {
    const exchangeJag = await tokenRequest(emu.url, {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      requested_token_type: "urn:ietf:params:oauth:token-type:id-jag",
      subject_token: "eyJ.x.y",
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      client_id: clientId,
    });
    expect(exchangeJag.body.error).toBe("unsupported_grant_type");
    expect(exchangeJag.body.error_description).toContain("ID-JAG");
    const bearer = await tokenRequest(emu.url, {
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: "eyJ.x.y",
      client_id: clientId,
    });
    expect(bearer.body.error).toBe("unsupported_grant_type");
  });

  it("§5 refresh: refresh_token gives a new access token and a rotated refresh token; the old one is then invalid_grant", async () => {
    const first = await exchange(await code());
    const oldRefresh = first.body.refresh_token as string;
    const next = await refresh(oldRefresh);
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: "orders:read orders:write balance:read",
    });
    expect(next.body.refresh_token).not.toBe(oldRefresh);
    expect(next.body.access_token).not.toBe(first.body.access_token);
    const reuse = await refresh(oldRefresh);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");
    // Reuse of a rotated token ends the whole grant, including the newest refresh token.
    expect((await refresh(next.body.refresh_token as string)).body.error).toBe("invalid_grant");
  });

  it("§5 refresh: may narrow the scope but not widen it", async () => {
    const first = await exchange(await code("orders:read orders:write"));
    const narrowed = await refresh(first.body.refresh_token as string, { scope: "orders:read" });
    expect(narrowed.body.scope).toBe("orders:read");
    const widened = await refresh(narrowed.body.refresh_token as string, { scope: "orders:read orders:write" });
    expect(widened.body.error).toBe("invalid_scope");
  });

  it("§7 invalid_grant: refresh token of another client, and an unknown refresh token", async () => {
    const first = await exchange(await code());
    const other = await registerClient(emu.url);
    expect((await refresh(first.body.refresh_token as string, { client_id: other.client_id })).body.error).toBe(
      "invalid_grant",
    );
    expect((await refresh("rt_unknown")).body.error).toBe("invalid_grant");
  });

  it("§8 refresh token lifetime: about 30 days on the emulator clock", async () => {
    const first = await exchange(await code());
    await advanceClock(emu.url, 29 * 24 * 3600_000);
    const stillValid = await refresh(first.body.refresh_token as string);
    expect(stillValid.status).toBe(200);
    await advanceClock(emu.url, 30 * 24 * 3600_000 + 1000);
    const expired = await refresh(stillValid.body.refresh_token as string);
    expect(expired.body.error).toBe("invalid_grant");
    expect(expired.body.error_description).toMatch(/expired/);
  });

  it("§5 refresh fails after the revoke control: invalid_grant (one refresh token, or all of a client)", async () => {
    const a = await exchange(await code());
    const b = await exchange(await code());
    const controls = emulatorControl(emu.url);
    expect(await controls.oauth.revoke({ refresh_token: a.body.refresh_token as string })).toEqual({
      refreshTokens: 1,
      accessTokens: 0,
    });
    expect((await refresh(a.body.refresh_token as string)).body.error).toBe("invalid_grant");
    expect((await refresh(b.body.refresh_token as string)).status).toBe(200);

    const c = await exchange(await code());
    expect((await controls.oauth.revoke({ client_id: clientId })).refreshTokens).toBe(2);
    expect((await refresh(c.body.refresh_token as string)).body.error).toBe("invalid_grant");
  });

  it("§5 deleting a client (control) makes its refresh tokens fail with invalid_client", async () => {
    const a = await exchange(await code());
    expect(await emulatorControl(emu.url).oauth.deleteClient(clientId)).toMatchObject({ deleted: clientId });
    expect((await refresh(a.body.refresh_token as string)).body.error).toBe("invalid_client");
  });

  it("§8 token controls: POST /__control/oauth/tokens issues tokens without the HTML pages (consumer scopes capped)", async () => {
    const { status, body } = await emulatorControl(emu.url).request<OAuthTokens>("POST", "/oauth/tokens", {
      email: "consumer@emulator.test",
      scope: "orders:read balance:read",
      environment: "sandbox",
    });
    expect(status).toBe(201);
    expect(body.scope).toBe("orders:read");
    expect(decodeJwt(body.access_token)).toMatchObject({ sub: "acct_consumer", env: "sandbox" });
  });

  it("controls are 404 when the emulator runs without controls", async () => {
    const plain = await startEmulator(0);
    try {
      expect((await fetch(`${plain.url}/__control/oauth/clients`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
