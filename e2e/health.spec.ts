import { expect, test } from "@playwright/test";

test("/api/health reports the database and both upstreams (the embedded emulator) as up", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const body = await response.json();
  expect(body.status).toBe("ok");
  expect(body.database).toMatchObject({ ok: true, provider: "sqlite" });
  expect(body.upstreams.commerce).toMatchObject({ ok: true, emulated: true });
  expect(body.upstreams.unlock).toMatchObject({ ok: true, emulated: true });
});
