import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator/app";
import type { Dialect } from "@/emulator/core/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { freePort } from "@/testing/free-port";

// Connect by OAuth end to end against the emulator's authorization server, under both readings
// of the contract (emulator/oauth/README.md "Dialects"): the emulator's sign-in and consent pages
// driven like a browser, the balance on the OAuth token, silent refresh after the access token's
// lifetime, revocation → reconnect state, the session binding of `state`, and refusal of metadata
// whose `resource` or `issuer` does not match. The auth base has a path (`/auth`), so C§5's
// `{auth_url}/.well-known/oauth-authorization-server` and RFC 8414's inserted path differ.

const REDIRECT_URI = "http://127.0.0.1:3999/admin/upstream/oauth/callback";
const ONE_HOUR_AND_A_BIT = 3_601_000;
const ALL_PRO_SCOPES = "orders:read orders:write balance:read webhooks:read webhooks:write";

type Emu = {
  url: string;
  auth: string;
  running: RunningEmulator;
  control: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;
};

async function startOAuthEmulator(): Promise<Emu> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = await startEmulator(port, { controls: true, authBaseUrl: `${url}/auth` });
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/__control${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { url, auth: `${url}/auth`, running, control };
}

let emu: Emu;
let t: TestDatabase;

beforeAll(async () => {
  [emu, t] = await Promise.all([startOAuthEmulator(), createTestDatabase()]);
});
afterAll(async () => {
  await emu.running.close();
  await t.cleanup();
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

const formAction = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
const post = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });

/** What the admin's browser does on the emulator's pages: sign in as the PRO user, approve. */
async function approveInBrowser(authorizationUrl: string, decision: "approve" | "deny" = "approve"): Promise<URL> {
  const page = await (await fetch(authorizationUrl)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(page)?.[1];
  if (!requestId) throw new Error(`no sign-in form in: ${page.slice(0, 300)}`);
  const consent = await post(formAction(page)!, {
    request_id: requestId,
    email: "pro@emulator.test",
    password: "emulator",
  });
  expect(consent.status).toBe(200);
  const done = await post(formAction(await consent.text())!, { request_id: requestId, decision });
  expect(done.status).toBe(303);
  return new URL(done.headers.get("location")!);
}

async function connect(m: Awaited<ReturnType<typeof app>>, who = { userId: "admin-1", browserBinding: "browser-1" }) {
  const { authorizationUrl } = await m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, ...who });
  return m.finishOAuthConnect({ callbackUrl: await approveInBrowser(authorizationUrl), ...who });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as { code?: string; userMessage?: string },
  );

describe.each<Dialect>(["observed", "documented"])("the %s dialect", (dialect) => {
  beforeEach(async () => {
    await emu.control("POST", "/reset");
    await emu.control("PATCH", "/config", {
      dialect,
      advertisedResource: null,
      advertisedIssuer: null,
      verifiedEmailEnabled: true,
    });
    await t.db.setting.deleteMany({ where: { key: { startsWith: "upstream." } } });
  });

  describe("connect by OAuth (spec section 5)", () => {
    it("discovers, registers a public client, asks for the recommended PRO scopes with PKCE S256, and stores the tokens sealed", async () => {
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "browser-1",
      });
      const url = new URL(authorizationUrl);
      // The recommended PRO set (C§5) and, since the shop manages its webhook (COMMERCE_WEBHOOKS on), the webhook scopes.
      expect(url.searchParams.get("scope")).toBe(ALL_PRO_SCOPES);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get("state")).toBeTruthy();
      const clients = (
        await emu.control<{ clients: Array<{ client_id: string; token_endpoint_auth_method: string }> }>(
          "GET",
          "/oauth/clients",
        )
      ).clients;
      expect(clients.find((c) => c.client_id === url.searchParams.get("client_id"))?.token_endpoint_auth_method).toBe(
        "none",
      );

      const summary = await m.finishOAuthConnect({
        callbackUrl: await approveInBrowser(authorizationUrl),
        userId: "admin-1",
        browserBinding: "browser-1",
      });
      expect(summary).toEqual({ account: "acct_shop", environment: "production", scope: ALL_PRO_SCOPES });

      const stored = await m.readStoredCommerceCredential({ fresh: true });
      expect(stored).toMatchObject({
        kind: "oauth",
        clientId: url.searchParams.get("client_id"),
        version: 1,
        reconnect: null,
      });
      // At rest: sealed, no token or verifier readable.
      const rows = await t.db.setting.findMany({ where: { key: { startsWith: "upstream." } } });
      expect(rows.map((r) => r.key)).toEqual(["upstream.commerce.credential"]);
      expect(rows[0]!.encrypted).toBe(true);
      if (stored?.kind !== "oauth") throw new Error("not stored");
      expect(rows[0]!.value).not.toContain(stored.accessToken);
      expect(rows[0]!.value).not.toContain(stored.refreshToken);

      expect(await m.describeCommerceConnection()).toEqual({
        source: "stored",
        kind: "oauth",
        environment: "production",
        identity: "acct_shop",
      });
      // The balance works on the OAuth token.
      expect(await m.commerceClient().getBalance()).toMatchObject({ currency: "EUR", environment: "production" });
    });

    it("refreshes silently once the access token's lifetime has passed", async () => {
      const m = await app();
      await connect(m);
      const before = await m.readStoredCommerceCredential({ fresh: true });
      await emu.control("POST", "/clock", { advanceMs: ONE_HOUR_AND_A_BIT });

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
      await emu.control("POST", "/clock", { advanceMs: ONE_HOUR_AND_A_BIT });
      expect(await m.commerceClient().getBalance()).toMatchObject({ currency: "EUR" });
    });

    it("turns a revoked refresh token into the reconnect state, and then fails fast with RECONNECT_NEEDED", async () => {
      const m = await app();
      await connect(m);
      const stored = await m.readStoredCommerceCredential({ fresh: true });
      if (stored?.kind !== "oauth") throw new Error("not oauth");
      await emu.control("POST", "/oauth/revoke", { refresh_token: stored.refreshToken });
      await emu.control("POST", "/clock", { advanceMs: ONE_HOUR_AND_A_BIT });

      const error = await m
        .commerceClient()
        .getBalance()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({ code: "RECONNECT_NEEDED", kind: "config" });
      expect((error as { userMessage: string }).userMessage).toMatch(/temporarily unavailable/i);
      const after = await m.readStoredCommerceCredential({ fresh: true });
      expect(after).toMatchObject({ kind: "oauth", reconnect: { reason: expect.stringContaining("invalid_grant") } });

      const calls = (await emu.control<{ counters: Record<string, number> }>("GET", "/counters")).counters[
        "GET /v2/balance"
      ];
      await expect(m.commerceClient().getBalance()).rejects.toMatchObject({ code: "RECONNECT_NEEDED" });
      expect(
        (await emu.control<{ counters: Record<string, number> }>("GET", "/counters")).counters["GET /v2/balance"],
      ).toBe(calls);
    });

    it("binds state to the admin and the browser that started the connection", async () => {
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "browser-1",
      });
      const callback = await approveInBrowser(authorizationUrl);

      await expect(
        m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-2", browserBinding: "browser-1" }),
      ).rejects.toMatchObject({ code: "CONNECT_NOT_YOURS" });
      await expect(
        m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "browser-2" }),
      ).rejects.toMatchObject({ code: "CONNECT_NOT_YOURS" });
      await expect(
        m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: undefined }),
      ).rejects.toMatchObject({ code: "CONNECT_NOT_YOURS" });
      const forged = new URL(callback);
      forged.searchParams.set("state", "someone-elses-state");
      await expect(
        m.finishOAuthConnect({ callbackUrl: forged, userId: "admin-1", browserBinding: "browser-1" }),
      ).rejects.toMatchObject({ code: "BAD_CALLBACK" });
      expect(await m.readStoredCommerceCredential({ fresh: true })).toBeNull();

      // The genuine callback still completes.
      await expect(
        m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "browser-1" }),
      ).resolves.toMatchObject({ account: "acct_shop" });
    });

    it("reports a denial on the consent page plainly", async () => {
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "browser-1",
      });
      const callback = await approveInBrowser(authorizationUrl, "deny");
      await expect(
        m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "browser-1" }),
      ).rejects.toMatchObject({ code: "ACCESS_DENIED", userMessage: expect.stringMatching(/did not grant access/) });
    });
  });

  describe("discovery refuses metadata that does not match (RFC 9728, RFC 8414)", () => {
    it("refuses protected resource metadata naming another resource, before registering anything", async () => {
      const m = await app();
      await emu.control("PATCH", "/config", { advertisedResource: "https://evil.example/v2" });
      const error = await m
        .startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "b" })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({ code: "DISCOVERY_FAILED" });
      expect((error as { userMessage: string }).userMessage).toContain(
        `expected ${emu.url}/v2, got https://evil.example/v2`,
      );
      expect((await emu.control<{ clients: unknown[] }>("GET", "/oauth/clients")).clients).toEqual([]);
    });

    it("refuses authorization server metadata naming another issuer", async () => {
      const m = await app();
      await emu.control("PATCH", "/config", { advertisedIssuer: "https://evil.example" });
      const error = await m
        .startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "b" })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({ code: "DISCOVERY_FAILED" });
      expect((error as { userMessage: string }).userMessage).toMatch(/another issuer .*got https:\/\/evil\.example/);
      expect((await emu.control<{ clients: unknown[] }>("GET", "/oauth/clients")).clients).toEqual([]);
    });
  });

  describe("the readings the documents leave open (docs/upstream-contract.md)", () => {
    it("C§5 Discovery 3: finds the metadata at {auth_url}/.well-known/oauth-authorization-server, with or without a PKCE methods field", async () => {
      const documentedPath = await fetch(`${emu.auth}/.well-known/oauth-authorization-server`);
      const insertedPath = await fetch(`${emu.url}/.well-known/oauth-authorization-server/auth`);
      const metadata = (await documentedPath.json()) as Record<string, unknown>;
      expect(documentedPath.status).toBe(200);
      if (dialect === "documented") {
        expect(insertedPath.status).toBe(404);
        expect(Object.keys(metadata).sort()).toEqual([
          "agent_auth",
          "authorization_endpoint",
          "issuer",
          "registration_endpoint",
          "token_endpoint",
        ]);
      } else {
        expect(insertedPath.status).toBe(200);
        expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
      }
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "b",
      });
      expect(new URL(authorizationUrl).searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorizationUrl.startsWith(`${emu.auth}/oauth/authorize?`)).toBe(true);
    });

    it("C§5 Claim: the redirect carries code and state (iss only where the metadata promises it), and the connection completes", async () => {
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "b",
      });
      const callback = await approveInBrowser(authorizationUrl);
      expect(callback.searchParams.get("code")).toBeTruthy();
      expect(callback.searchParams.get("state")).toBe(new URL(authorizationUrl).searchParams.get("state"));
      expect(callback.searchParams.has("iss")).toBe(dialect === "observed");
      await expect(
        m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "b" }),
      ).resolves.toMatchObject({ account: "acct_shop" });
    });

    it("refuses a callback whose iss names another issuer", async () => {
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "b",
      });
      const callback = await approveInBrowser(authorizationUrl);
      callback.searchParams.set("iss", "https://evil.example");
      expect(
        await failure(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "b" })),
      ).toMatchObject({ code: "BAD_CALLBACK" });
      expect(await m.readStoredCommerceCredential({ fresh: true })).toBeNull();
    });

    it.runIf(dialect === "observed")(
      "refuses a callback without iss when the server's metadata promised it (RFC 9207)",
      async () => {
        const m = await app();
        const { authorizationUrl } = await m.startOAuthConnect({
          apiBaseUrl: emu.url,
          redirectUri: REDIRECT_URI,
          userId: "admin-1",
          browserBinding: "b",
        });
        const callback = await approveInBrowser(authorizationUrl);
        callback.searchParams.delete("iss");
        expect(
          await failure(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "b" })),
        ).toMatchObject({ code: "BAD_CALLBACK" });
      },
    );

    it("C§7: reads a refused registration's code (verified_email_not_enabled) in either error form", async () => {
      await emu.control("PATCH", "/config", { verifiedEmailEnabled: false });
      const m = await app();
      const error = await failure(
        m.startOAuthConnect({ apiBaseUrl: emu.url, redirectUri: REDIRECT_URI, userId: "admin-1", browserBinding: "b" }),
      );
      expect(error).toMatchObject({ code: "verified_email_not_enabled" });
    });

    it("C§7: reads the token endpoint's invalid_grant (an expired code) in either error form", async () => {
      const m = await app();
      const { authorizationUrl } = await m.startOAuthConnect({
        apiBaseUrl: emu.url,
        redirectUri: REDIRECT_URI,
        userId: "admin-1",
        browserBinding: "b",
      });
      const callback = await approveInBrowser(authorizationUrl);
      await emu.control("POST", "/clock", { advanceMs: 61_000 });
      expect(
        await failure(m.finishOAuthConnect({ callbackUrl: callback, userId: "admin-1", browserBinding: "b" })),
      ).toMatchObject({ code: "invalid_grant" });
      expect(await m.readStoredCommerceCredential({ fresh: true })).toBeNull();
    });
  });
});
