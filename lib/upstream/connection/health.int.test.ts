import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// Connection health as staff read it: recorded from real calls to the emulator through the
// app's clients (http.ts observer), stored in the database.

let emu: CommerceEmulator;
let t: TestDatabase;

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: emu.url });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emu.close();
  await t.cleanup();
});
beforeEach(async () => {
  await emu.reset();
  await t.db.upstreamHealth.deleteMany();
  await t.db.upstreamCallError.deleteMany();
});

const load = async () => ({
  ...(await import("./health")),
  commerce: (await import("../commerce")).commerceClient(),
  unlock: (await import("../unlock")).unlockClient(),
});

describe("connection health", () => {
  it("records the last successful call and the X-RateLimit headroom the API reports", async () => {
    const m = await load();
    m.recordUpstreamHealth();
    await m.commerce.getBalance();
    // Written in the background after the call: a generous deadline, never a race with the machine's load.
    await expect
      .poll(async () => (await m.readUpstreamHealth("commerce", t.db)).lastSuccessAt, { timeout: 20_000 })
      .not.toBeNull();
    const health = await m.readUpstreamHealth("commerce", t.db);
    expect(health.rateLimit).toMatchObject({ limit: expect.any(Number), remaining: expect.any(Number) });
    expect(health.rateLimit!.remaining).toBeLessThan(health.rateLimit!.limit);
    expect(health.rateLimit!.resetAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(health.recentErrors).toEqual([]);
  });

  it("counts errors by code from both APIs' envelopes and from the network", async () => {
    const m = await load();
    const now = new Date();
    await m.recordOutcome(
      t.db,
      {
        api: "commerce",
        route: "GET /v2/balance",
        status: 401,
        body: { success: false, error: { code: "INVALID_API_KEY", message: "x" } },
      },
      now,
    );
    await m.recordOutcome(
      t.db,
      {
        api: "commerce",
        route: "GET /v2/balance",
        status: 401,
        body: { success: false, error: { code: "INVALID_API_KEY", message: "x" } },
      },
      now,
    );
    await m.recordOutcome(t.db, { api: "commerce", route: "GET /v2/orders", networkError: "ECONNREFUSED" }, now);
    await m.recordOutcome(
      t.db,
      { api: "unlock", route: "POST /create_order", status: 200, body: { status: "API_ERROR", info: "No credits" } },
      now,
    );
    // A day-old error is no longer "recent".
    await m.recordOutcome(
      t.db,
      { api: "commerce", route: "GET /v2/balance", status: 502 },
      new Date(now.getTime() - 25 * 3600_000),
    );

    const commerce = await m.readUpstreamHealth("commerce", t.db, now);
    expect(commerce.recentErrors.map((e) => [e.code, e.count])).toEqual([
      ["INVALID_API_KEY", 2],
      ["ECONNREFUSED", 1],
    ]);
    expect((await m.readUpstreamHealth("unlock", t.db, now)).recentErrors.map((e) => e.code)).toEqual(["API_ERROR"]);
    expect(commerce.lastSuccessAt).toBeNull();
  });

  it("reads an unlock error answer as an error even under HTTP 200", () => {
    return load().then((m) => {
      expect(
        m.errorCodeOf({ api: "unlock", route: "r", status: 200, body: { status: "WRONG_ACCESS", info: "" } }),
      ).toBe("WRONG_ACCESS");
      expect(m.errorCodeOf({ api: "unlock", route: "r", status: 200, body: { status: "OK", res: {} } })).toBeNull();
      expect(m.errorCodeOf({ api: "commerce", route: "r", status: 200, body: { success: true, data: {} } })).toBeNull();
    });
  });
});
