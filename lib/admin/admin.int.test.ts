import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bootstrapAdmin } from "@/lib/auth/bootstrap-admin";
import { verifyPassword } from "@/lib/auth/password";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createOrder } from "@/lib/orders/create";
import { stubAppEnv } from "@/testing/app-env";
import { orderWhere } from "./orders/filters";
import { refreshSearchIndex } from "./orders/search-index";

// The staff service records audit entries through the app's `db` singleton's module, so the
// app environment points at this test database (no upstream is called here).
let t: TestDatabase;
let staffService: typeof import("./staff");
beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  staffService = await import("./staff");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.cleanup();
});
const createStaff: (typeof import("./staff"))["createStaff"] = (...args) => staffService.createStaff(...args);
const setStaffRole: (typeof import("./staff"))["setStaffRole"] = (...args) => staffService.setStaffRole(...args);
const setStaffDisabled: (typeof import("./staff"))["setStaffDisabled"] = (...args) =>
  staffService.setStaffDisabled(...args);

const PRICE = {
  currency: "EUR",
  amountMinor: 500,
  serviceFeeMinor: 0,
  smsFeeMinor: 0,
  totalMinor: 500,
  costMinor: 400,
};

describe("first admin", () => {
  it("is created once from ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password", async () => {
    const generated = await bootstrapAdmin(t.db, {});
    expect(generated).toMatchObject({
      outcome: "created",
      email: "admin@localhost",
      generatedPassword: expect.any(String),
    });
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "admin@localhost" } });
    expect(
      await verifyPassword((generated as { generatedPassword: string }).generatedPassword, user.passwordHash!),
    ).toBe(true);
    // An admin exists: nothing happens, whatever the environment says.
    expect(
      await bootstrapAdmin(t.db, { ADMIN_EMAIL: "other@example.com", ADMIN_PASSWORD: "another password" }),
    ).toEqual({ outcome: "exists" });
    expect(await t.db.user.count({ where: { role: "admin" } })).toBe(1);
  });
});

describe("staff accounts", () => {
  it("never lose the last enabled admin", async () => {
    const admin = await t.db.user.findUniqueOrThrow({ where: { email: "admin@localhost" } });
    expect(await setStaffDisabled(t.db, admin, admin.id, true)).toMatchObject({ ok: false, code: "LAST_ADMIN" });
    expect(await setStaffRole(t.db, admin, admin.id, "staff")).toMatchObject({ ok: false, code: "LAST_ADMIN" });
    expect(
      await createStaff(t.db, admin, {
        email: "second@example.com",
        role: "admin",
        access: "password",
        password: "a long password",
      }),
    ).toMatchObject({ ok: true });
    const second = await t.db.user.findUniqueOrThrow({ where: { email: "second@example.com" } });
    // With a second admin, the first may step down; then the second is the last one.
    expect(await setStaffRole(t.db, admin, admin.id, "staff")).toMatchObject({ ok: true });
    expect(await setStaffDisabled(t.db, second, second.id, true)).toMatchObject({ ok: false, code: "LAST_ADMIN" });
    const audit = await t.db.auditLog.findMany({ orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["staff.create", "staff.set_role"]);
    expect(audit[1]).toMatchObject({
      before: { role: "admin" },
      after: { role: "staff" },
      actorEmail: "admin@localhost",
    });
  });

  it("keep one enabled admin when several admins step down at the same moment", async () => {
    const actor = await t.db.user.findUniqueOrThrow({ where: { email: "admin@localhost" } });
    for (let round = 0; round < 3; round++) {
      const emails = [0, 1, 2].map((i) => `race${round}-${i}@example.com`);
      // Made directly: what races here is stepping down, and a password hash per admin (about a
      // second each, far more on a loaded machine) would only spend the test's time.
      for (const email of emails) await t.db.user.create({ data: { email, role: "admin" } });
      // Only this round's admins are enabled admins: everyone else steps aside first.
      const others = await t.db.user.findMany({ where: { role: "admin", email: { notIn: emails } } });
      for (const other of others)
        expect(await setStaffRole(t.db, actor, other.id, "staff")).toMatchObject({ ok: true });
      const ids = await Promise.all(
        emails.map(async (email) => (await t.db.user.findUniqueOrThrow({ where: { email } })).id),
      );
      const results = await Promise.all([
        setStaffRole(t.db, actor, ids[0]!, "staff"),
        setStaffDisabled(t.db, actor, ids[1]!, true),
        setStaffRole(t.db, actor, ids[2]!, "staff"),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ code: "LAST_ADMIN" })]);
      expect(await t.db.user.count({ where: { role: "admin", disabledAt: null } })).toBe(1);
    }
  });

  it("refuses an email that is taken", async () => {
    const actor = { id: "x", email: "x@example.com" };
    expect(
      await createStaff(t.db, actor, {
        email: "second@example.com",
        role: "staff",
        access: "password",
        password: "a long password",
      }),
    ).toMatchObject({ ok: false, code: "EMAIL_TAKEN" });
  });
});

describe("order search", () => {
  it("finds orders by IMEI, phone digits, ICCID and email on this provider, including fields written later", async () => {
    const unlock = await createOrder(t.db, {
      productType: "unlock",
      submissionId: "sub-search-unlock-0001",
      customerEmail: "find@example.com",
      detail: { imei: "490154203237518", deviceId: 1, networkId: 2, toolId: 3 },
      pricing: PRICE,
    });
    const topup = await createOrder(t.db, {
      productType: "topup",
      submissionId: "sub-search-topup-0001",
      customerEmail: "other@example.com",
      detail: { priceToken: "tp", phone: "+447400123456" },
      pricing: PRICE,
    });
    const esim = await createOrder(t.db, {
      productType: "esim",
      submissionId: "sub-search-esim-00001",
      customerEmail: "esim@example.com",
      detail: { priceToken: "es" },
      pricing: PRICE,
    });
    await refreshSearchIndex(t.db);
    // The ICCID arrives with fulfillment, after the order was indexed.
    await t.db.order.update({ where: { id: esim.id }, data: { fulfillment: { iccid: "8944500000000000042" } } });
    await refreshSearchIndex(t.db);
    const ids = async (q: string) =>
      (await t.db.order.findMany({ where: orderWhere({ q }), select: { id: true } })).map((o) => o.id);
    expect(await ids("490154203237518")).toEqual([unlock.id]);
    expect(await ids("+44 7400 123456")).toEqual([topup.id]);
    expect(await ids("8944500000000000042")).toEqual([esim.id]);
    expect(await ids("FIND@example.com")).toEqual([unlock.id]);
    expect(await ids(topup.ref)).toEqual([topup.id]);
    // Indexing does not count as a change of the order.
    const before = await t.db.order.findUniqueOrThrow({ where: { id: esim.id } });
    expect(await refreshSearchIndex(t.db)).toBe(0);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: esim.id } })).updatedAt).toEqual(before.updatedAt);
  });

  it("indexes a backlog larger than one batch completely before a search, and the worker's share only up to its bound", async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => ({
      ref: `backlog${String(i).padStart(6, "0")}`,
      idempotencyKey: `backlog-${i}`,
      productType: "unlock" as const,
      customerEmail: `backlog${i}@example.com`,
      currency: "EUR",
      retailAmount: 500,
      detail: { imei: `35${String(1_000_000_000_000 + i)}` },
    }));
    await t.db.order.createMany({ data: rows });
    expect(await refreshSearchIndex(t.db, { maxRows: 700 })).toBe(700);
    expect(await refreshSearchIndex(t.db)).toBe(534);
    expect(await t.db.order.count({ where: { searchIndexedAt: null } })).toBe(0);
    const last = rows.at(-1)!;
    expect(
      (await t.db.order.findMany({ where: orderWhere({ q: last.detail.imei }), select: { ref: true } })).map(
        (o) => o.ref,
      ),
    ).toEqual([last.ref]);
  });
});
