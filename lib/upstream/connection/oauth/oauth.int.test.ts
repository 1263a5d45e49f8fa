import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Issue [09] against the emulator's authorization server: connect by OAuth end to end (the
// emulator's sign-in and consent pages driven like a browser), the balance on the OAuth token,
// silent refresh after the access token's lifetime, revocation → reconnect state, the session
// binding of `state`, and refusal of metadata whose `resource` or `issuer` does not match.

const REDIRECT_URI = "http://127.0.0.1:3999/admin/upstream/oauth/callback";
const ONE_HOUR_AND_A_BIT = 3_601_000;

let emu: CommerceEmulator;
let t: TestDatabase;

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
});
afterAll(async () => {
  await emu.close();
  await t.cleanup();
});
beforeEach(async () => {
  await emu.reset();
  await emu.setConfig({ advertisedResource: null, advertisedIssuer: null });
  await t.db.setting.deleteMany({ where: { key: { startsWith: "upstream." } } });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function app() {
  vi.stubEnv("AUTH_SECRET", "a".repeat(40));
  vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 7).toString("base64"));
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("COMMERCE_API_URL", emu.url);
  vi.stubEnv("COMMERCE_API_KEY", "");
  vi.resetModules();
  return {
    ...(await import("./connect")),
    ...(await import("./token-store")),
    ...(await import("../credentials")),
    ...(await import("../resolve")),
    commerceClient: (await import("../../commerce")).commerceClient,
  };
}

/** What the admin's browser does on the emulator's pages: sign in as the PRO user, approve. */
async function approveInBrowser(authorizationUrl: string, decision: "approve" | "deny" = "approve"): Promise<URL> {
  const page = await (await fetch(authorizationUrl)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1];
  if (!requestId) throw new Error(`no sign-in form in: ${page.slice(0, 300)}`);
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${emu.url}${path}`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  expect((await post("/oauth/authorize/sign-in", { request_id: requestId, email: "pro@emulator.test", password: "emulator" })).status).toBe(200);
  const done = await post("/oauth/authorize/consent", { request_id: requestId, decision });
  expect(done.status).toBe(303);
  return new URL(done.headers.get("location")!);
}

async function connect(m: Awaited<ReturnType<typeof app>>, who = { userId: "admin-1", browserBinding: "browser-1" }) {
  const { authorizationUrl } = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, ...who });
  return m.finishOAuthConnect({ callbackUrl: await approveInBrowser(authorizationUrl), ...who });
}

describe("connect by OAuth (spec section 5)", () => {
  it("discovers, registers a public client, asks for the recommended PRO scopes with PKCE S256, and stores the tokens sealed", async () => {
    const m = await app();
    const { authorizationUrl } = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "browser-1" });
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get("scope")).toBe("orders:read orders:write balance:read");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    const clients = (await emu.control<{ clients: Array<{ client_id: string; token_endpoint_auth_method: string }> }>("GET", "/oauth/clients")).clients;
    expect(clients.find((c) => c.client_id === url.searchParams.get("client_id"))?.token_endpoint_auth_method).toBe("none");

    const summary = await m.finishOAuthConnect({ callbackUrl: await approveInBrowser(authorizationUrl), userId: "admin-1", browserBinding: "browser-1" });
    expect(summary).toEqual({ account: "acct_shop", environment: "production", scope: "orders:read orders:write balance:read" });

    const stored = await m.readStoredCommerceCredential({ fresh: true });
    expect(stored).toMatchObject({ kind: "oauth", clientId: url.searchParams.get("client_id"), version: 1, reconnect: null });
    // At rest: sealed, no token or verifier readable.
    const rows = await t.db.setting.findMany({ where: { key: { startsWith: "upstream." } } });
    expect(rows.map((r) => r.key)).toEqual(["upstream.commerce.credential"]);
    expect(rows[0]!.encrypted).toBe(true);
    if (stored?.kind !== "oauth") throw new Error("not stored");
    expect(rows[0]!.value).not.toContain(stored.accessToken);
    expect(rows[0]!.value).not.toContain(stored.refreshToken);

    expect(await m.describeCommerceConnection()).toEqual({ source: "stored", kind: "oauth", environment: "production", identity: "acct_shop" });
    // The balance works on the OAuth token.
    expect(await m.commerceClient().getBalance()).toMatchObject({ currency: "EUR", environment: "production" });
  });

  it("refreshes silently once the access token's lifetime has passed", async () => {
    const m = await app();
    await connect(m);
    const before = await m.readStoredCommerceCredential({ fresh: true });
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);

    expect(await m.commerceClient().getBalance()).toMatchObject({ currency: "EUR" });
    const after = await m.readStoredCommerceCredential({ fresh: true });
    expect(after).toMatchObject({ kind: "oauth", version: 2, reconnect: null });
    if (before?.kind !== "oauth" || after?.kind !== "oauth") throw new Error("not oauth");
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.refreshedAt).not.toBeNull();
  });

  it("lets only one of several concurrent refreshers use the rotating refresh token", async () => {
    const m = await app();
    await connect(m);
    // Two "instances" refreshing at once (the store object is shared, so the client's in-process
    // join is bypassed by calling refresh() directly): the database lease lets one through.
    const [a, b] = await Promise.all([m.oauthTokenStore.refresh(), m.oauthTokenStore.refresh()]);
    expect(a).toBe(b);
    expect(await m.readStoredCommerceCredential({ fresh: true })).toMatchObject({ version: 2, reconnect: null });
    // The grant survived (a second use of the spent refresh token would have revoked it).
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);
    expect(await m.commerceClient().getBalance()).toMatchObject({ currency: "EUR" });
  });

  it("turns a revoked refresh token into the reconnect state, and then fails fast with RECONNECT_NEEDED", async () => {
    const m = await app();
    await connect(m);
    const stored = await m.readStoredCommerceCredential({ fresh: true });
    if (stored?.kind !== "oauth") throw new Error("not oauth");
    await emu.control("POST", "/oauth/revoke", { refresh_token: stored.refreshToken });
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);

    const error = await m.commerceClient().getBalance().then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: "RECONNECT_NEEDED", kind: "config" });
    expect((error as { userMessage: string }).userMessage).toMatch(/temporarily unavailable/i);
    const after = await m.readStoredCommerceCredential({ fresh: true });
    expect(after).toMatchObject({ kind: "oauth", reconnect: { reason: expect.stringContaining("invalid_grant") } });

    const calls = (await emu.counters())["GET /v2/balance"];
    await expect(m.commerceClient().getBalance()).rejects.toMatchObject({ code: "RECONNECT_NEEDED" });
    expect((await emu.counters())["GET /v2/balance"]).toBe(calls);
  });

  it("binds state to the admin and the browser that started the connection", async () => {
    const m = await app();
    const { authorizationUrl } = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "browser-1" });
    const callback = await approveInBrowser(authorizationUrl);

    await expect(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-2", browserBinding: "browser-1" })).rejects.toMatchObject({ code: "CONNECT_NOT_YOURS" });
    await expect(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "browser-2" })).rejects.toMatchObject({ code: "CONNECT_NOT_YOURS" });
    await expect(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: undefined })).rejects.toMatchObject({ code: "CONNECT_NOT_YOURS" });
    const forged = new URL(callback);
    forged.searchParams.set("state", "someone-elses-state");
    await expect(m.finishOAuthConnect({ callbackUrl: forged, userId: "admin-1", browserBinding: "browser-1" })).rejects.toMatchObject({ code: "BAD_CALLBACK" });
    expect(await m.readStoredCommerceCredential({ fresh: true })).toBeNull();

    // The genuine callback still completes.
    await expect(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "browser-1" })).resolves.toMatchObject({ account: "acct_shop" });
  });

  it("reports a denial on the consent page plainly", async () => {
    const m = await app();
    const { authorizationUrl } = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "browser-1" });
    const callback = await approveInBrowser(authorizationUrl, "deny");
    await expect(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "browser-1" })).rejects.toMatchObject({ code: "ACCESS_DENIED", userMessage: expect.stringMatching(/did not grant access/) });
  });
});

describe("discovery refuses metadata that does not match (RFC 9728, RFC 8414)", () => {
  it("refuses protected resource metadata naming another resource, before registering anything", async () => {
    const m = await app();
    await emu.setConfig({ advertisedResource: "https://evil.example/v2" });
    const error = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "b" }).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: "DISCOVERY_FAILED" });
    expect((error as { userMessage: string }).userMessage).toContain(`expected ${emu.url}/v2, got https://evil.example/v2`);
    expect((await emu.control<{ clients: unknown[] }>("GET", "/oauth/clients")).clients).toEqual([]);
  });

  it("refuses authorization server metadata naming another issuer", async () => {
    const m = await app();
    await emu.setConfig({ advertisedIssuer: "https://evil.example" });
    const error = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "b" }).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ code: "DISCOVERY_FAILED" });
    expect((error as { userMessage: string }).userMessage).toMatch(/another issuer .*got https:\/\/evil\.example/);
    expect((await emu.control<{ clients: unknown[] }>("GET", "/oauth/clients")).clients).toEqual([]);
  });
});
