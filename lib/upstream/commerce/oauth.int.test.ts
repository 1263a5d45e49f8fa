import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isUpstreamError, UpstreamError } from "../errors";
import { observeUpstreamCalls } from "../http";
import type { TokenStore } from "./auth";
import { createCommerceClient } from "./client";
import { FAST_RETRIES, startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// OAuth bearer auth (spec section 5): a 401 for a token → refresh once and repeat once; a
// refresh that fails with invalid_grant (or a refreshed token that is refused too) → the
// store is told to ask staff to reconnect and the call fails with RECONNECT_NEEDED.

const ONE_HOUR_AND_A_BIT = 3_601_000;
const CONTROL_CLIENT_ID = "client_emulator_control";

/** In memory, for tests: the real store keeps encrypted tokens in the database. */
class MemoryTokenStore implements TokenStore {
  refreshCalls = 0;
  reconnectReasons: string[] = [];
  /** Awaited by each refresh before it asks the token endpoint. */
  beforeRefresh: () => Promise<void> = async () => {};

  constructor(
    private readonly authBaseUrl: string,
    public accessToken: string,
    public refreshToken: string,
  ) {}

  async getAccessToken(): Promise<string> {
    return this.accessToken;
  }

  /** The refresh_token grant at the emulator's token endpoint (RFC 6749 §6). */
  async refresh(): Promise<string> {
    this.refreshCalls++;
    await this.beforeRefresh();
    const response = await fetch(`${this.authBaseUrl}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: this.refreshToken,
        client_id: CONTROL_CLIENT_ID,
      }),
    });
    const body = (await response.json()) as {
      access_token?: string;
      refresh_token?: string;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token || !body.refresh_token) {
      throw new UpstreamError({
        api: "oauth",
        kind: "api",
        code: body.error ?? `HTTP_${response.status}`,
        status: response.status,
        message: body.error_description ?? "refresh failed",
      });
    }
    this.accessToken = body.access_token;
    this.refreshToken = body.refresh_token;
    return this.accessToken;
  }

  async markReconnectNeeded(reason: string): Promise<void> {
    this.reconnectReasons.push(reason);
  }
}

let emu: CommerceEmulator;

beforeAll(async () => {
  emu = await startCommerceEmulator();
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

async function connect(): Promise<MemoryTokenStore> {
  const issued = await emu.control<{ access_token: string; refresh_token: string }>("POST", "/oauth/tokens", {
    email: "pro@emulator.test",
  });
  return new MemoryTokenStore(emu.url, issued.access_token, issued.refresh_token);
}

const clientWith = (tokens: TokenStore) =>
  createCommerceClient({ baseUrl: emu.url, auth: { kind: "oauth", tokens }, policy: FAST_RETRIES });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isUpstreamError(error)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe("OAuth bearer", () => {
  it("uses the access token while it works, without refreshing", async () => {
    const tokens = await connect();
    expect(await clientWith(tokens).getBalance()).toMatchObject({ balance: 500_000, environment: "production" });
    expect(tokens.refreshCalls).toBe(0);
  });

  it("refreshes once when the access token has expired, and repeats the call once", async () => {
    const tokens = await connect();
    const expired = tokens.accessToken;
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);

    expect(await clientWith(tokens).getBalance()).toMatchObject({ currency: "EUR" });
    expect(tokens.refreshCalls).toBe(1);
    expect(tokens.accessToken).not.toBe(expired);
    expect(tokens.reconnectReasons).toEqual([]);
    // The refused call and its repeat.
    expect((await emu.counters())["GET /v2/balance"]).toBe(2);
  });

  it("shares one refresh among concurrent calls (a second use of a rotated refresh token would revoke the grant)", async () => {
    const tokens = await connect();
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);
    const api = clientWith(tokens);
    // The refresh waits until every call has its 401 in hand: from there to joining the refresh
    // a call does no I/O, and the refresh cannot end before its own round trip.
    let refused = 0;
    let allRefused!: () => void;
    const everyCallRefused = new Promise<void>((resolve) => (allRefused = resolve));
    observeUpstreamCalls((outcome) => {
      if (outcome.status === 401 && outcome.route.startsWith("GET /v2/") && ++refused === 3) allRefused();
    });
    tokens.beforeRefresh = () => everyCallRefused;

    try {
      const results = await Promise.all([api.getBalance(), api.listOrders(), api.getBalanceHistory()]);
      expect(results).toHaveLength(3);
    } finally {
      observeUpstreamCalls(undefined);
    }
    expect(refused).toBe(3);
    expect(tokens.refreshCalls).toBe(1);
    expect(await api.getBalance()).toMatchObject({ currency: "EUR" });
  });

  it("asks for a reconnect when the refresh token was revoked: one refresh attempt, never retried", async () => {
    const tokens = await connect();
    await emu.control("POST", "/oauth/revoke", { refresh_token: tokens.refreshToken });
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);

    const error = await failure(clientWith(tokens).getBalance());
    expect(error).toMatchObject({ kind: "config", code: "RECONNECT_NEEDED", retryable: false });
    expect(error.userMessage).toMatch(/temporarily unavailable/);
    expect(isUpstreamError(error.cause) && error.cause.canonicalCode).toBe("INVALID_GRANT");
    expect(tokens.refreshCalls).toBe(1);
    expect(tokens.reconnectReasons).toHaveLength(1);
    expect(tokens.reconnectReasons[0]).toContain("invalid_grant");
    expect((await emu.counters())["GET /v2/balance"]).toBe(1);
  });

  it("asks for a reconnect when the refreshed token is refused too", async () => {
    const tokens = await connect();
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);
    const stubborn: TokenStore = {
      getAccessToken: () => tokens.getAccessToken(),
      refresh: async () => "not-a-token-the-api-accepts",
      markReconnectNeeded: (reason) => tokens.markReconnectNeeded(reason),
    };

    const error = await failure(clientWith(stubborn).getBalance());
    expect(error).toMatchObject({ kind: "config", code: "RECONNECT_NEEDED" });
    expect(tokens.reconnectReasons).toHaveLength(1);
    expect((await emu.counters())["GET /v2/balance"]).toBe(2);
  });

  it("does not ask for a reconnect when the refresh fails for a passing reason", async () => {
    const tokens = await connect();
    await emu.advanceClock(ONE_HOUR_AND_A_BIT);
    const unreachable: TokenStore = {
      getAccessToken: () => tokens.getAccessToken(),
      refresh: async () => {
        throw new UpstreamError({
          api: "oauth",
          kind: "network",
          code: "ECONNREFUSED",
          message: "token endpoint unreachable",
        });
      },
      markReconnectNeeded: (reason) => tokens.markReconnectNeeded(reason),
    };

    const error = await failure(clientWith(unreachable).getBalance());
    expect(error).toMatchObject({ kind: "network", code: "ECONNREFUSED", retryable: true });
    expect(tokens.reconnectReasons).toEqual([]);
  });
});

describe("API key", () => {
  it("reports an unknown key as an api error, without any refresh logic", async () => {
    const error = await failure(
      emu.client("live_nobody0000000000000000001:sk_nobody00000000000000000000000001").getBalance(),
    );
    expect(error).toMatchObject({ kind: "api", canonicalCode: "INVALID_API_KEY", status: 401 });
    expect((error as { nextStep?: string }).nextStep).toContain("Authorization");
    expect((await emu.counters())["GET /v2/balance"]).toBe(1);
  });
});
