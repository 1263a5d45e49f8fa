import { expect, test } from "@playwright/test";

test("/api/health reports the database as up", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const body = await response.json();
  expect(body.database).toMatchObject({ ok: true, provider: "sqlite" });
  expect(body.upstreams.commerce).toHaveProperty("ok");
  expect(body.upstreams.unlock).toHaveProperty("ok");
  expect(["ok", "degraded"]).toContain(body.status);
});
