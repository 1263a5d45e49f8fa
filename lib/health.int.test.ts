import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator/app";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";

// /api/health is public (docs/security.md). Against the emulator (which counts every call it
// receives): however many requests, at most one probe per upstream per interval; the public
// answer is the overall state alone, without the upstream's error text.

let emulator: RunningEmulator;
let t: TestDatabase;
let health: typeof import("./health");

const control = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${emulator.url}/__control${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status}`);
  return (await response.json()) as { counters: Record<string, number> };
};
const probes = async () => {
  const { counters } = await control("GET", "/counters");
  return { commerce: counters["GET /v2/status"] ?? 0, unlock: counters["GET /countries"] ?? 0 };
};

beforeAll(async () => {
  [emulator, t] = await Promise.all([startEmulator(0, { controls: true }), createTestDatabase()]);
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: emulator.url });
  health = await import("./health");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emulator?.close();
  await t?.cleanup();
});

describe("/api/health", () => {
  it("probes each upstream at most once per interval, however many requests arrive", async () => {
    health.resetHealthProbe();
    await control("DELETE", "/counters");
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 25 }, () => health.checkHealth({ now })));
    for (let i = 0; i < 25; i++) answers.push(await health.checkHealth({ now: now + i * 1_000 }));
    expect(answers.every((a) => a.status === "ok" && a.database.ok)).toBe(true);
    expect(await probes()).toEqual({ commerce: 1, unlock: 1 });

    // Once the interval has passed, one new probe.
    await Promise.all(Array.from({ length: 10 }, () => health.checkHealth({ now: now + health.PROBE_INTERVAL_MS })));
    expect(await probes()).toEqual({ commerce: 2, unlock: 2 });
  });

  it("the public answer is the state alone: no upstream error text, hosts, providers or latencies", async () => {
    health.resetHealthProbe();
    await control("POST", "/faults", { method: "GET", path: "/v2/status", kind: "status", status: 502, times: 1 });
    const full = await health.checkHealth();
    expect(full.status).toBe("degraded");
    // Staff see why (the route's detailed view).
    expect(full.upstreams.commerce).toMatchObject({ ok: false, error: "HTTP 502" });
    // Everyone else: the state alone (the route answers this to visitors: e2e/health.spec.ts).
    const text = JSON.stringify(health.publicHealth(full));
    expect(JSON.parse(text)).toEqual({ status: "degraded" });
    for (const leak of ["502", "HTTP", "127.0.0.1", "latency", "sqlite", "emulated"]) expect(text).not.toContain(leak);
    await control("DELETE", "/faults");
  });
});
