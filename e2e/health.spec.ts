import { expect, test } from "@playwright/test";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf } from "./helpers/server";
import { signInAsStaff } from "./helpers/staff";

// /api/health is public (load balancers, this suite's readiness check). Security finding 10 of
// Visitors get the overall state alone, and no request rate makes the shop call its
// suppliers more than once per probe interval; staff see the detail.

test("visitors get the state alone, and a burst of requests probes each upstream at most once", async ({
  request,
}, testInfo) => {
  const emulator = new EmulatorControls(serverOf(testInfo).emulatorUrl);
  const before = await emulator.counters();
  const responses = await Promise.all(Array.from({ length: 30 }, () => request.get("/api/health")));
  const after = await emulator.counters();

  for (const response of responses) {
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  }
  // At most one probe each (one if the last probe's interval ran out during the burst).
  expect((after["GET /v2/status"] ?? 0) - (before["GET /v2/status"] ?? 0)).toBeLessThanOrEqual(1);
  expect((after["GET /countries"] ?? 0) - (before["GET /countries"] ?? 0)).toBeLessThanOrEqual(1);
});

test("signed-in staff see the database and both upstreams (the embedded emulator) in detail", async ({
  page,
}, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo));
  const response = await page.request.get("/api/health");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe("ok");
  expect(body.database).toMatchObject({ ok: true, provider: "sqlite" });
  expect(body.upstreams.commerce).toMatchObject({ ok: true, emulated: true });
  expect(body.upstreams.unlock).toMatchObject({ ok: true, emulated: true });
});
