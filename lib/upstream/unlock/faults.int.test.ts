import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUnlockClient } from "./client";
import {
  PRODUCTION,
  SECOND,
  startUnlockEmulator,
  TOOL,
  WELL_KNOWN,
  type UnlockTestEmulator,
} from "@/testing/unlock-emulator";

// Failures: retries on idempotent reads, none on 4xx, rate-limit waits (409 and 429), the
// ambiguous order creation, bad credentials, and the transport rule. The emulator's call
// counters prove how many requests were actually sent.

const order = {
  deviceId: WELL_KNOWN.deviceId,
  networkId: WELL_KNOWN.networkId,
  imei: "490154203237518",
  toolId: TOOL.standard,
};

let emu: UnlockTestEmulator;
beforeAll(async () => {
  emu = await startUnlockEmulator();
});
afterAll(async () => emu.close());
beforeEach(async () => emu.reset());

describe("unlock client under faults", () => {
  it("retries a burst of 5xx on a catalog read and succeeds", async () => {
    await emu.fault({ method: "GET", path: "/countries", kind: "status", status: 503, times: 2 });
    const countries = await emu.client().countries();
    expect(countries.length).toBeGreaterThan(200);
    expect((await emu.counters())["GET /countries"]).toBe(3);
  });

  it("gives up after the last attempt with a retryable API error", async () => {
    await emu.fault({ method: "GET", path: "/brands", kind: "status", status: 500, times: 10 });
    const error = await emu
      .client({ policy: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } })
      .brands()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "api", status: 500, retryable: true });
    expect((await emu.counters())["GET /brands"]).toBe(3);
  });

  it("does not retry a 404", async () => {
    await expect(emu.client().devices(424_242)).rejects.toMatchObject({ kind: "api", status: 404, retryable: false });
    expect((await emu.counters())["GET /devices/424242"]).toBe(1);
  });

  for (const status of [409, 429]) {
    it(`waits for Retry-After on a ${status} rate limit, then succeeds`, async () => {
      await emu.fault({ method: "GET", path: "/brands", kind: "status", status, retryAfterSeconds: 1, times: 1 });
      const started = Date.now();
      const brands = await emu.client().brands();
      expect(brands.length).toBeGreaterThan(10);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect((await emu.counters())["GET /brands"]).toBe(2);
    });
  }

  it("a rate limit that outlasts the wait allowed is TOO_MANY_REQUESTS with the wait the upstream asked for", async () => {
    // Catalog reads wait at most 5 s (the cache serves meanwhile); the upstream asks for 60.
    await emu.fault({
      method: "GET",
      path: "/countries",
      kind: "status",
      status: 409,
      retryAfterSeconds: 60,
      times: 5,
    });
    const error = await emu
      .client()
      .countries()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "api",
      code: "TOO_MANY_REQUESTS",
      canonicalCode: "RATE_LIMIT_EXCEEDED",
      status: 409,
      retryable: true,
    });
    expect((error as { retryAfterMs: number }).retryAfterMs).toBe(60 * SECOND);
    expect((await emu.counters())["GET /countries"]).toBe(1);
  });

  it("a create_order timeout is an unknown outcome, after exactly one call", async () => {
    await emu.fault({ method: "POST", path: "/create_order/**", kind: "timeout" });
    const error = await emu
      .client({ createOrderTimeoutMs: 300 })
      .createOrder(order)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "UpstreamError", kind: "unknown_outcome", retryable: false });
    expect(await emu.callsTo("POST /create_order/")).toBe(1);
  });

  it("a create_order connection reset or 5xx is an unknown outcome, never retried", async () => {
    await emu.fault({ method: "POST", path: "/create_order/**", kind: "reset", times: 1 });
    await expect(emu.client().createOrder(order)).rejects.toMatchObject({ kind: "unknown_outcome" });
    await emu.fault({ method: "POST", path: "/create_order/**", kind: "status", status: 502, times: 1 });
    await expect(emu.client().createOrder(order)).rejects.toMatchObject({ kind: "unknown_outcome", status: 502 });
    await emu.fault({ method: "POST", path: "/create_order/**", kind: "malformed", times: 1 });
    await expect(emu.client().createOrder(order)).rejects.toMatchObject({ kind: "unknown_outcome" });
    expect(await emu.callsTo("POST /create_order/")).toBe(3);
  });

  it("a rate limit on create_order is waited out (nothing was placed), and the order goes through once", async () => {
    await emu.fault({
      method: "POST",
      path: "/create_order/**",
      kind: "status",
      status: 409,
      retryAfterSeconds: 1,
      times: 1,
    });
    const { ticketId } = await emu.client().createOrder(order);
    expect(ticketId).toBeGreaterThan(0);
    expect(await emu.callsTo("POST /create_order/")).toBe(2);
    const orders = await emu.control<{ orders: unknown[] }>("GET", "/unlock/orders");
    expect(orders.orders).toHaveLength(1);
  });

  it("bad credentials: WRONG_ACCESS (401), not retried", async () => {
    const error = await emu
      .client({ svcSecret: "wrong" })
      .countries()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "api", code: "WRONG_ACCESS", status: 401, retryable: false });
    expect((error as Error).message).toMatch(/WRONG_ACCESS/);
    expect((await emu.counters())["GET /countries"]).toBe(1);
  });

  it("refuses a non-loopback http:// base URL before any request", async () => {
    // 0.0.0.0 would reach this machine's emulator, but it is not a loopback name: refused.
    const port = new URL(emu.url).port;
    const client = createUnlockClient({ baseUrl: `http://0.0.0.0:${port}`, ...PRODUCTION });
    await expect(client.countries()).rejects.toMatchObject({ kind: "config", code: "INSECURE_TRANSPORT" });
    await expect(client.createOrder(order)).rejects.toMatchObject({ kind: "config", code: "INSECURE_TRANSPORT" });
    expect(await emu.counters()).toEqual({});
  });

  it("without credentials every call is NOT_CONFIGURED and nothing is sent", async () => {
    const client = createUnlockClient({ baseUrl: emu.url, svcKey: "", svcSecret: "" });
    await expect(client.countries()).rejects.toMatchObject({ kind: "config", code: "NOT_CONFIGURED" });
    expect(await emu.counters()).toEqual({});
  });
});
