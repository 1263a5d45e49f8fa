import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isUpstreamError, type UpstreamError } from "../errors";
import { createCommerceClient } from "./client";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Retries, rate limits, ambiguous order creation and contract breaks, with the emulator's
// fault injection and call counters (emulator/README.md "Test controls").

const EE_15_GBP = "tp_693d80c392e27ca2caeabf44";
const TOPUP = { price_token: EE_15_GBP, phone: "+447400123456" };

let emu: CommerceEmulator;

beforeAll(async () => {
  emu = await startCommerceEmulator();
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isUpstreamError(error)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe("idempotent calls", () => {
  it("retries a burst of 5xx on a catalog read and then succeeds", async () => {
    await emu.fault({ method: "GET", path: "/v2/topup/countries", kind: "status", status: 503, times: 2 });
    const page = await emu.client().listTopupCountries();
    expect(page.items.length).toBeGreaterThan(0);
    expect((await emu.counters())["GET /v2/topup/countries"]).toBe(3);
  });

  it("gives up after the policy's attempts with the upstream's 5xx error", async () => {
    await emu.fault({ method: "GET", path: "/v2/topup/countries", kind: "status", status: 500 });
    const error = await failure(
      emu.client(undefined, { policy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } }).listTopupCountries(),
    );
    expect(error).toMatchObject({ kind: "api", code: "INTERNAL_ERROR", status: 500, retryable: true });
    expect((await emu.counters())["GET /v2/topup/countries"]).toBe(3);
  });

  it("does not retry a 4xx", async () => {
    const error = await failure(emu.client().getOperatorRates(999999));
    expect(error).toMatchObject({ kind: "api", canonicalCode: "OPERATOR_NOT_FOUND", status: 404, retryable: false });
    expect((await emu.counters())["GET /v2/topup/operators/999999/rates"]).toBe(1);
  });

  it("waits for Retry-After on a 429 and then succeeds", async () => {
    await emu.fault({
      method: "GET",
      path: "/v2/balance",
      kind: "status",
      status: 429,
      retryAfterSeconds: 1,
      times: 1,
    });
    const started = Date.now();
    const balance = await emu.client().getBalance();
    expect(balance.currency).toBe("EUR");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await emu.counters())["GET /v2/balance"]).toBe(2);
  });

  it("reports a rate limit it may not wait for as rate_limited with the wait asked", async () => {
    await emu.fault({ method: "GET", path: "/v2/balance", kind: "status", status: 429, retryAfterSeconds: 30 });
    const error = await failure(emu.client(undefined, { policy: { maxRateLimitWaitMs: 1_000 } }).getBalance());
    // The spec's `rate_limited` and the live RATE_LIMIT_EXCEEDED are one code.
    expect(error).toMatchObject({
      kind: "api",
      code: "rate_limited",
      canonicalCode: "RATE_LIMIT_EXCEEDED",
      status: 429,
      retryAfterMs: 30_000,
      retryable: true,
    });
    expect((await emu.counters())["GET /v2/balance"]).toBe(1);
  });

  it("retries a proxy's HTML 502 page like any other 5xx", async () => {
    await emu.fault({
      method: "GET",
      path: "/v2/topup/service-types",
      kind: "status",
      status: 502,
      body: "html",
      times: 2,
    });
    const types = await emu.client().listTopupServiceTypes();
    expect(types.length).toBeGreaterThan(0);
    expect((await emu.counters())["GET /v2/topup/service-types"]).toBe(3);
  });

  it("reports a body that is not JSON as a validation error", async () => {
    await emu.fault({ method: "GET", path: "/v2/topup/service-types", kind: "malformed", times: 1 });
    const error = await failure(emu.client().listTopupServiceTypes());
    expect(error.kind).toBe("validation");
  });
});

describe("order creation is never resent blindly", () => {
  it("turns a timeout after sending into unknown_outcome, with exactly one create call", async () => {
    await emu.fault({ method: "POST", path: "/v2/orders", kind: "timeout", times: 1 });
    const error = await failure(emu.client().createOrder(TOPUP, { idempotencyKey: "timeout-1", timeoutMs: 300 }));
    expect(error).toMatchObject({ kind: "unknown_outcome", retryable: false });
    expect((await emu.counters())["POST /v2/orders"]).toBe(1);
  });

  it("turns a 5xx into unknown_outcome, not retried, keeping the upstream's code and request id", async () => {
    await emu.fault({ method: "POST", path: "/v2/orders", kind: "status", status: 503, times: 1 });
    const error = await failure(emu.client().createOrder(TOPUP, { idempotencyKey: "5xx-1" }));
    expect(error).toMatchObject({ kind: "unknown_outcome", code: "INTERNAL_ERROR", status: 503, retryable: false });
    expect(error.requestId).toMatch(/^req_/);
    expect((await emu.counters())["POST /v2/orders"]).toBe(1);
  });

  it("turns a connection reset into unknown_outcome", async () => {
    await emu.fault({ method: "POST", path: "/v2/orders", kind: "reset", times: 1 });
    const error = await failure(emu.client().createOrder(TOPUP, { idempotencyKey: "reset-1" }));
    expect(error.kind).toBe("unknown_outcome");
    expect((await emu.counters())["POST /v2/orders"]).toBe(1);
  });

  it("turns an unreadable success answer into unknown_outcome", async () => {
    await emu.fault({ method: "POST", path: "/v2/orders", kind: "malformed", times: 1 });
    const error = await failure(emu.client().createOrder(TOPUP, { idempotencyKey: "garbled-1" }));
    expect(error.kind).toBe("unknown_outcome");
  });

  it("lets the order core reconcile an order placed behind a timeout: found by lookup, replayed by its key", async () => {
    // The answer comes too late: the upstream places the order, the client has given up.
    await emu.fault({ method: "POST", path: "/v2/orders", kind: "latency", latencyMs: 1_000, times: 1 });
    const api = emu.client();
    const error = await failure(api.createOrder(TOPUP, { idempotencyKey: "late-1", timeoutMs: 200 }));
    expect(error.kind).toBe("unknown_outcome");

    await expect.poll(async () => (await api.listOrders({ type: "topup" })).items.length, { timeout: 20_000 }).toBe(1);
    const placed = (await api.listOrders({ type: "topup" })).items[0]!;

    // Sending again with the SAME key is safe: the original order, no second charge.
    const replay = await api.createOrder(TOPUP, { idempotencyKey: "late-1" });
    expect(replay).toMatchObject({ order_id: placed.order_id, replayed: true });
    expect((await api.getBalance()).balance).toBe(500_000 - 1878);
  });
});

describe("transport security", () => {
  it("refuses a plain-http base URL that is not loopback before any credential is read", async () => {
    let tokenReads = 0;
    const api = createCommerceClient({
      baseUrl: "http://commerce.example.com",
      auth: {
        kind: "oauth",
        tokens: {
          getAccessToken: async () => (tokenReads++, "token"),
          refresh: async () => "token",
          markReconnectNeeded: async () => {},
        },
      },
    });
    const error = await failure(api.getBalance());
    expect(error).toMatchObject({ kind: "config", code: "INSECURE_TRANSPORT" });
    expect(tokenReads).toBe(0);
    await expect(api.getStatus()).rejects.toMatchObject({ code: "INSECURE_TRANSPORT" });
  });
});
