import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppWithEmulator, stopAppWithEmulator, type AppWithEmulator } from "@/testing/app-env";

// The service behind Admin → Upstream connection's "Check connection" and its "Switch off …"
// button: the check runs on the app's own clients and connection, is audited with what it found,
// and the product it names can be switched off from its result.
let app: AppWithEmulator;
const admin = { id: "admin_golive", email: "golive@example.com" };

beforeAll(async () => {
  app = await startAppWithEmulator();
  await app.t.db.user.create({ data: { id: admin.id, email: admin.email, role: "admin" } });
});
afterAll(async () => stopAppWithEmulator(app));

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${app.emu.url}/__control${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status}`);
}

describe("the admin's go-live check", () => {
  it("answers all ok on the connection in use, audited", async () => {
    const { goLiveCheckByStaff } = await import("./staff");
    const report = await goLiveCheckByStaff(admin);
    expect(report.rows.filter((row) => row.failed)).toEqual([]);
    expect(report).toMatchObject({ ok: true, failingProducts: [] });
    const audit = await app.t.db.auditLog.findFirstOrThrow({ where: { action: "upstream.go_live_check" } });
    expect(audit).toMatchObject({ actorEmail: admin.email, after: { ok: true, failingProducts: [], failed: [] } });
  });

  it("names the failing product, which staff then switch off: it is no longer for sale", async () => {
    const [{ goLiveCheckByStaff }, { setProductSwitch }, { productAvailability }] = await Promise.all([
      import("./staff"),
      import("@/lib/products/switch-product"),
      import("@/lib/products/availability"),
    ]);
    await control("POST", "/rename-field", {
      path: "/v2/giftcards/brands/*/products",
      from: "data.rates",
      to: "denominations",
    });
    const report = await goLiveCheckByStaff(admin);
    expect(report.failingProducts).toEqual(["giftcard"]);
    expect(report.rows.find((row) => row.failed)).toMatchObject({
      endpoint: "GET /v2/giftcards/brands/{id}/products",
      text: "missing field data.rates",
      products: ["giftcard"],
    });
    const audits = await app.t.db.auditLog.findMany({
      where: { action: "upstream.go_live_check" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.at(-1)?.after).toEqual({
      ok: false,
      failingProducts: ["giftcard"],
      failed: ["GET /v2/giftcards/brands/{id}/products: missing field data.rates"],
    });

    expect(await setProductSwitch(app.t.db, admin, "giftcard", false)).toEqual({ changed: true });
    expect(await productAvailability("giftcard")).toMatchObject({ available: false, reason: "switched_off" });
    expect(await productAvailability("topup")).toEqual({ available: true });
  });
});
