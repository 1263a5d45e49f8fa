import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";

// When sessions end and the staff two-factor settings (docs/admin.md), on SQLite and,
// with TEST_POSTGRES_URL, PostgreSQL: what raises the session version, and the admin's
// "require two-factor for all staff" with its audit trail.
let t: TestDatabase;
let sessions: typeof import("./sessions");
let totp: typeof import("./totp");
let links: typeof import("@/lib/admin/password-links");
let staff: typeof import("@/lib/admin/staff");
let admin: { id: string; email: string; role: string };
beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  [sessions, totp, links, staff] = await Promise.all([
    import("./sessions"),
    import("./totp"),
    import("@/lib/admin/password-links"),
    import("@/lib/admin/staff"),
  ]);
  admin = await t.db.user.create({ data: { email: "boss@example.com", role: "admin", passwordHash: "x" } });
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.cleanup();
});

const version = async (id: string) => (await t.db.user.findUniqueOrThrow({ where: { id } })).sessionVersion;

describe("session versions", () => {
  it("'sign out everywhere' raises the version (staff: audited)", async () => {
    const customer = await t.db.user.create({
      data: { email: "buyer@example.com", role: "customer", passwordHash: "x" },
    });
    await sessions.endAllSessions(t.db, customer);
    expect(await version(customer.id)).toBe(1);
    await sessions.endAllSessions(t.db, admin);
    expect(await version(admin.id)).toBe(1);
    expect(await t.db.auditLog.count({ where: { action: "staff.sign_out_everywhere", targetId: admin.id } })).toBe(1);
    expect(await t.db.auditLog.count({ where: { action: "staff.sign_out_everywhere", targetId: customer.id } })).toBe(
      0,
    );
  });

  it("an admin's reset link ends the member's sessions at once, and setting the password ends them again", async () => {
    const created = await staff.createStaff(t.db, admin, {
      email: "clerk@example.com",
      role: "staff",
      access: "password",
      password: "initial password 1",
    });
    expect(created.ok).toBe(true);
    const member = await t.db.user.findUniqueOrThrow({ where: { email: "clerk@example.com" } });
    const issued = await links.issuePasswordLink(t.db, admin, member.id);
    if (!issued.ok) throw new Error(issued.message);
    expect(issued.link.purpose).toBe("reset");
    expect(await version(member.id)).toBe(1);
    expect((await links.redeemPasswordLink(t.db, issued.link.token, "a brand new password")).ok).toBe(true);
    expect(await version(member.id)).toBe(2);
  }, 60_000);

  it("an invitation does not touch the version (no sessions yet); redeeming it does", async () => {
    const created = await staff.createStaff(t.db, admin, {
      email: "newbie@example.com",
      role: "staff",
      access: "invite",
    });
    if (!created.ok || !created.link) throw new Error("no invitation");
    const member = await t.db.user.findUniqueOrThrow({ where: { email: "newbie@example.com" } });
    expect(await version(member.id)).toBe(0);
    expect((await links.redeemPasswordLink(t.db, created.link.token, "my own password 1")).ok).toBe(true);
    expect(await version(member.id)).toBe(1);
  }, 60_000);
});

describe("two-factor settings", () => {
  it("require for all staff: stored, audited once per change; a member cannot turn two-factor off while it is required", async () => {
    const member = await t.db.user.create({ data: { email: "tfa@example.com", role: "staff", passwordHash: "x" } });
    await totp.startEnrolment(t.db, member.id);
    const status = await totp.totpStatus(t.db, member);
    if (status.state !== "pending") throw new Error("not pending");
    expect(status.uri).toMatch(/^otpauth:\/\/totp\/Relay:tfa%40example\.com\?secret=/);
    expect(status.qrSvg).toContain("<svg");
    // The secret is sealed at rest.
    expect((await t.db.user.findUniqueOrThrow({ where: { id: member.id } })).totpSecretSealed).not.toContain(
      status.secret,
    );
    expect((await totp.confirmEnrolment(t.db, member, "000000")).ok).toBe(false);
    const on = await totp.confirmEnrolment(
      t.db,
      member,
      await generate({ secret: status.secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
    );
    expect(on.ok).toBe(true);

    expect(await totp.isStaffTotpRequired(t.db)).toBe(false);
    await totp.setStaffTotpRequired(t.db, admin, true);
    await totp.setStaffTotpRequired(t.db, admin, true);
    expect(await totp.isStaffTotpRequired(t.db)).toBe(true);
    expect(await t.db.auditLog.count({ where: { action: "security.require_staff_totp" } })).toBe(1);

    const refused = await totp.disableTotp(t.db, member, await generate({ secret: status.secret }));
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("required for all staff") });
    await totp.setStaffTotpRequired(t.db, admin, false);
    const off = await totp.disableTotp(t.db, member, await generate({ secret: status.secret }));
    expect(off.ok).toBe(true);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect([
      row.totpEnabledAt,
      row.totpSecretSealed,
      await t.db.recoveryCode.count({ where: { userId: member.id } }),
    ]).toEqual([null, null, 0]);
    expect(
      (await t.db.auditLog.findMany({ where: { targetId: member.id }, orderBy: { createdAt: "asc" } })).map(
        (a) => a.action,
      ),
    ).toEqual(["staff.totp_enable", "staff.totp_disable"]);
  });

  it("new recovery codes replace the old ones", async () => {
    const member = await t.db.user.create({ data: { email: "codes@example.com", role: "staff", passwordHash: "x" } });
    await totp.startEnrolment(t.db, member.id);
    const status = await totp.totpStatus(t.db, member);
    if (status.state !== "pending") throw new Error("not pending");
    const on = await totp.confirmEnrolment(
      t.db,
      member,
      await generate({ secret: status.secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
    );
    if (!on.ok) throw new Error(on.message);
    const fresh = await totp.regenerateRecoveryCodes(t.db, member, on.codes[0]!);
    if (!fresh.ok) throw new Error(fresh.message);
    expect((await totp.verifySecondFactor(t.db, member.id, on.codes[1]!)).ok).toBe(false);
    expect((await totp.verifySecondFactor(t.db, member.id, fresh.codes[1]!)).ok).toBe(true);
  });

  it("an admin's 'remove two-factor' clears it, ends the member's sessions, and is audited", async () => {
    const member = await t.db.user.create({
      data: { email: "lost-phone@example.com", role: "staff", passwordHash: "x" },
    });
    await totp.startEnrolment(t.db, member.id);
    const status = await totp.totpStatus(t.db, member);
    if (status.state !== "pending") throw new Error("not pending");
    expect(
      (
        await totp.confirmEnrolment(
          t.db,
          member,
          await generate({ secret: status.secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
        )
      ).ok,
    ).toBe(true);
    expect((await totp.resetTotpFor(t.db, admin, member.id)).ok).toBe(true);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: member.id } });
    expect([
      row.totpEnabledAt,
      row.totpSecretSealed,
      row.sessionVersion,
      await t.db.recoveryCode.count({ where: { userId: member.id } }),
    ]).toEqual([null, null, 1, 0]);
    expect(
      await t.db.auditLog.count({ where: { action: "staff.totp_reset", targetId: member.id, actorId: admin.id } }),
    ).toBe(1);
    const customer = await t.db.user.create({
      data: { email: "not-staff@example.com", role: "customer", passwordHash: "x" },
    });
    expect((await totp.resetTotpFor(t.db, admin, customer.id)).ok).toBe(false);
  });
});
