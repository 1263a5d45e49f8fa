import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";

// A margin change is stored where every quote reads it, with its audit entry (before/after)
// in the same transaction; an unchanged value writes nothing.

const actor = { id: "admin_1", email: "admin@example.com" };
let t: TestDatabase;
let margins: typeof import("./margins");
let margin: typeof import("@/lib/pricing/margin");

beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  margins = await import("./margins");
  margin = await import("@/lib/pricing/margin");
  await t.db.user.create({ data: { id: actor.id, email: actor.email, role: "admin" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.cleanup();
});

describe("updateMargin", () => {
  it("stores the margin the quotes read and audits before/after once", async () => {
    const before = await margin.getMargin(t.db, "topup");
    expect(await margins.updateMargin(t.db, actor, "topup", { percent: 7.25, fixedMinor: 45 })).toMatchObject({
      changed: true,
      before,
      after: { percent: 7.25, fixedMinor: 45 },
    });
    expect(await margin.getMargin(t.db, "topup")).toEqual({ percent: 7.25, fixedMinor: 45 });
    expect(await margins.updateMargin(t.db, actor, "topup", { percent: 7.25, fixedMinor: 45 })).toMatchObject({
      changed: false,
    });
    const audits = await t.db.auditLog.findMany({ where: { action: "pricing.update" } });
    expect(
      audits.map((a) => ({ targetId: a.targetId, before: a.before, after: a.after, actorEmail: a.actorEmail })),
    ).toEqual([
      { targetId: "pricing.margin.topup", before, after: { percent: 7.25, fixedMinor: 45 }, actorEmail: actor.email },
    ]);
    const all = await margins.readMargins(t.db);
    expect(Object.keys(all).sort()).toEqual(["esim", "giftcard", "imeicheck", "topup", "unlock"]);
  });

  it("refuses negative or fractional amounts and nothing is written", async () => {
    await expect(margins.updateMargin(t.db, actor, "esim", { percent: -1, fixedMinor: 0 })).rejects.toThrow();
    await expect(margins.updateMargin(t.db, actor, "esim", { percent: 5, fixedMinor: 1.5 })).rejects.toThrow();
    expect(await t.db.auditLog.count({ where: { targetId: "pricing.margin.esim" } })).toBe(0);
  });
});
