import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";
import type { Json } from "../commerce/orders/test-support/harness";

// The test controls of the emulator core (README.md "Test controls"): reset, clock, faults
// per route, counters, ledger and switches; and that none of it exists unless enabled.

const SHOP_KEY = "Bearer test_shop00000000000000000001:sk_shopsandbox000000000000000000001";
const UNLOCK = { SVC_KEY: "svc_sandbox_key_0001", SVC_SECRET: "svc_sandbox_secret_0001" };

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(async () => emu.close());
beforeEach(async () => {
  await control("POST", "/reset");
});

/** A control call with whatever it answers: these tests check the controls' refusals too. */
const control = (method: string, path: string, body?: unknown) =>
  emulatorControl(emu.url).request<Json>(method, path, body);

const countries = () => fetch(`${emu.url}/v2/topup/countries`, { headers: { Authorization: SHOP_KEY } });

describe("faults per route", () => {
  it("status: answers 503 in the commerce envelope for the next N calls, then recovers", async () => {
    await control("POST", "/faults", {
      method: "GET",
      path: "/v2/topup/countries",
      kind: "status",
      status: 503,
      times: 2,
    });
    for (let i = 0; i < 2; i++) {
      const response = await countries();
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toMatchObject({ success: false, data: null, error: { code: "INTERNAL_ERROR" } });
      expect(body.meta.request_id).toEqual(expect.any(String));
    }
    expect((await countries()).status).toBe(200);
  });

  it("status 409 on the unlocking API: its own envelope with TOO_MANY_REQUESTS and when to come back", async () => {
    await control("POST", "/faults", { path: "/brands", kind: "status", status: 409, retryAfterSeconds: 7 });
    const response = await fetch(`${emu.url}/brands`, { headers: UNLOCK });
    expect(response.status).toBe(409);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(Number(response.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    expect(await response.json()).toMatchObject({ code: 409, status: "TOO_MANY_REQUESTS" });
  });

  it("latency: the answer comes, late", async () => {
    await control("POST", "/faults", { path: "/v2/status", kind: "latency", latencyMs: 300, times: 1 });
    const started = Date.now();
    const response = await fetch(`${emu.url}/v2/status`);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("slow_answer: the request takes effect at once, only its answer is late (a lost answer when the client gives up)", async () => {
    await control("POST", "/faults", {
      method: "POST",
      path: "/v2/webhooks",
      kind: "slow_answer",
      latencyMs: 5_000,
      times: 1,
    });
    const headers = { Authorization: SHOP_KEY, "Content-Type": "application/json" };
    const body = JSON.stringify({ url: "https://shop.example/api/webhooks/commerce", events: ["order.fulfilled"] });
    await expect(
      fetch(`${emu.url}/v2/webhooks`, { method: "POST", headers, body, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow(/abort|timeout/i);
    const listed = await (await fetch(`${emu.url}/v2/webhooks`, { headers })).json();
    expect(listed.data.map((w: { url: string }) => w.url)).toContain("https://shop.example/api/webhooks/commerce");
  });

  it("timeout: no answer at all, so the client's own timeout fires", async () => {
    await control("POST", "/faults", { path: "/v2/status", kind: "timeout", times: 1 });
    await expect(fetch(`${emu.url}/v2/status`, { signal: AbortSignal.timeout(300) })).rejects.toThrow(/abort|timeout/i);
  });

  it("malformed: 200 with a body that is not JSON", async () => {
    await control("POST", "/faults", { path: "/v2/status", kind: "malformed", times: 1 });
    const response = await fetch(`${emu.url}/v2/status`);
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it("reset: the connection drops without an answer", async () => {
    await control("POST", "/faults", { path: "/v2/status", kind: "reset", times: 1 });
    await expect(fetch(`${emu.url}/v2/status`)).rejects.toThrow();
  });

  it("path patterns: * is one segment, ** the rest; method narrows", async () => {
    await control("POST", "/faults", { method: "POST", path: "/v2/**", kind: "status", status: 500 });
    expect((await countries()).status).toBe(200);
    const preview = await fetch(`${emu.url}/v2/orders/preview`, {
      method: "POST",
      headers: { Authorization: SHOP_KEY, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(preview.status).toBe(500);
    await control("DELETE", "/faults");
    expect((await control("GET", "/faults")).body.faults).toEqual([]);
  });

  it("refuses a rule it cannot understand, saying what is wrong", async () => {
    const reply = await control("POST", "/faults", { path: "no-slash", kind: "explode" });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/path|kind/);
  });
});

describe("counters, clock, ledger, switches, reset", () => {
  it("counts calls per method and path", async () => {
    await countries();
    await countries();
    await fetch(`${emu.url}/brands`, { headers: UNLOCK });
    const { counters } = (await control("GET", "/counters")).body;
    expect(counters["GET /v2/topup/countries"]).toBe(2);
    expect(counters["GET /brands"]).toBe(1);
    await control("DELETE", "/counters");
    expect((await control("GET", "/counters")).body.counters).toEqual({});
  });

  it("reports each credential's limit, busiest minute and refusals", async () => {
    await control("POST", "/reset");
    await countries();
    await countries();
    await fetch(`${emu.url}/brands`, { headers: UNLOCK });
    const { usage } = (await control("GET", "/rate-limits")).body as {
      usage: Record<string, { limit: number; peakPerMinute: number; refused: number }>;
    };
    const commerce = Object.entries(usage).find(([key]) => key.startsWith("commerce:"))?.[1];
    const unlock = Object.entries(usage).find(([key]) => key.startsWith("unlock:"))?.[1];
    expect(commerce).toMatchObject({ peakPerMinute: 2, refused: 0 });
    expect(commerce!.limit).toBeGreaterThan(2);
    expect(unlock).toMatchObject({ peakPerMinute: 1, refused: 0 });
  });

  it("moves the clock forward and refuses to move it back", async () => {
    const before = Date.parse((await control("GET", "/clock")).body.now);
    const moved = await control("POST", "/clock", { advanceMs: 3_600_000 });
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await control("POST", "/clock", { advanceMs: -5 })).status).toBe(400);
  });

  it("records a debit in the ledger for a production order", async () => {
    const live = "Bearer live_shop00000000000000000001:sk_shoplive000000000000000000000001";
    const rates = await (
      await fetch(`${emu.url}/v2/topup/operators/1000/rates`, { headers: { Authorization: live } })
    ).json();
    const token = rates.data.rates.at(-1).token;
    const created = await fetch(`${emu.url}/v2/orders`, {
      method: "POST",
      headers: { Authorization: live, "Content-Type": "application/json" },
      body: JSON.stringify({ price_token: token, phone: "+447400123456" }),
    });
    expect(created.status).toBeLessThan(300);
    const { entries } = (await control("GET", "/ledger")).body;
    expect(
      entries.filter((e: { kind: string; account: string }) => e.kind === "debit" && e.account === "acct_shop"),
    ).toHaveLength(1);
  });

  it("switches eSIM off and on", async () => {
    await control("PATCH", "/config", { esimEnabled: false });
    const off = await fetch(`${emu.url}/v2/esim/destinations`, { headers: { Authorization: SHOP_KEY } });
    expect(off.status).toBe(404);
    expect((await off.json()).error.code).toBe("ESIM_DISABLED");
    await control("PATCH", "/config", { esimEnabled: true });
    expect((await fetch(`${emu.url}/v2/esim/destinations`, { headers: { Authorization: SHOP_KEY } })).status).toBe(200);
  });

  it("reset brings back the first-start state", async () => {
    await control("POST", "/clock", { advanceMs: 60_000 });
    await control("POST", "/faults", { path: "/v2/status", kind: "status", status: 500 });
    await control("PATCH", "/config", { esimEnabled: false });
    await control("POST", "/reset");
    expect((await control("GET", "/clock")).body.offsetMs).toBe(0);
    expect((await control("GET", "/faults")).body.faults).toEqual([]);
    expect((await fetch(`${emu.url}/v2/status`)).status).toBe(200);
  });
});

describe("controls are off unless enabled", () => {
  it("answers 404 on every control path of an emulator started without controls", async () => {
    const plain = await startEmulator(0);
    try {
      for (const path of [
        "/reset",
        "/clock",
        "/faults",
        "/counters",
        "/ledger",
        "/config",
        "/commerce/deliveries",
        "/oauth/clients",
        "/unlock/accounts",
      ]) {
        const response = await fetch(`${plain.url}/__control${path}`, { method: path === "/reset" ? "POST" : "GET" });
        expect(response.status, path).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});

describe("rename-field", () => {
  it("renames one field in every item of one route's answer, leaves other routes alone, and clears", async () => {
    const rule = await control("POST", "/rename-field", {
      path: "/v2/topup/countries",
      from: "data.*.iso_short_code",
      to: "iso_code",
    });
    expect(rule.status).toBe(201);
    const renamed = (await (await countries()).json()) as { data: Array<Record<string, unknown>> };
    expect(renamed.data.length).toBeGreaterThan(0);
    for (const country of renamed.data) {
      expect(country).not.toHaveProperty("iso_short_code");
      expect(country).toHaveProperty("iso_code", expect.any(String));
    }
    const other = (await (
      await fetch(`${emu.url}/v2/giftcards/countries`, { headers: { Authorization: SHOP_KEY } })
    ).json()) as { data: Array<Record<string, unknown>> };
    expect(other.data[0]).toHaveProperty("iso_short_code");

    expect((await control("DELETE", "/rename-field")).status).toBe(200);
    const back = (await (await countries()).json()) as { data: Array<Record<string, unknown>> };
    expect(back.data[0]).toHaveProperty("iso_short_code");
  });

  it("renames in the unlocking API's answers too, and is cleared by reset", async () => {
    await control("POST", "/rename-field", { path: "/brands", from: "res.*.brand", to: "title" });
    const renamed = (await (await fetch(`${emu.url}/brands`, { headers: UNLOCK })).json()) as {
      res: Record<string, Record<string, unknown>>;
    };
    expect(Object.values(renamed.res)[0]).toHaveProperty("title");
    await control("POST", "/reset");
    expect((await control("GET", "/rename-field")).body).toEqual({ renames: [] });
  });

  it("refuses a rule without a path or field with 400", async () => {
    expect((await control("POST", "/rename-field", { from: "data" })).status).toBe(400);
  });
});
