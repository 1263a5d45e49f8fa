import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";
import { startMailCatcher } from "@/testing/mail-catcher";

// Invitation and reset links for staff (lib/admin/password-links.ts), on SQLite and, with
// TEST_POSTGRES_URL, PostgreSQL. The audit recorder loads the app's db module, so the app
// environment points at this test database first.
let t: TestDatabase;
let links: typeof import("./password-links");
let staff: typeof import("./staff");
let admin: { id: string; email: string };
beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  [links, staff] = await Promise.all([import("./password-links"), import("./staff")]);
  admin = await t.db.user.create({ data: { email: "boss@example.com", role: "admin", passwordHash: "x" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.cleanup();
});

const HOUR = 3_600_000;

async function invite(email: string) {
  const result = await staff.createStaff(t.db, admin, { email, role: "staff", access: "invite" });
  if (!result.ok || !result.link) throw new Error(`no invitation: ${JSON.stringify(result)}`);
  return result.link;
}

describe("staff password links", () => {
  it("invite a new member, who chooses a password once; only the token's hash is stored", async () => {
    const link = await invite("new@example.com");
    expect(link).toMatchObject({
      purpose: "invite",
      email: "new@example.com",
      path: expect.stringMatching(/^\/admin\/set-password\/[A-Za-z0-9_-]{43}$/),
    });
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * HOUR - 60_000);
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "new@example.com" } });
    expect(user.passwordHash).toBeNull();
    const stored = JSON.stringify([
      await t.db.passwordLink.findMany(),
      await t.db.auditLog.findMany(),
      await t.db.mailOutbox.findMany(),
    ]);
    expect(stored).not.toContain(link.token);

    expect(await links.passwordLinkState(t.db, link.token)).toEqual({
      ok: true,
      email: "new@example.com",
      purpose: "invite",
    });
    expect(await links.redeemPasswordLink(t.db, link.token, "my own long password")).toEqual({
      ok: true,
      email: "new@example.com",
    });
    const after = await t.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword("my own long password", after.passwordHash!)).toBe(true);

    // Once only.
    expect(await links.redeemPasswordLink(t.db, link.token, "another long password")).toMatchObject({
      ok: false,
      code: "USED",
    });
    expect(await links.passwordLinkState(t.db, link.token)).toMatchObject({ ok: false, code: "USED" });
    expect(
      await verifyPassword(
        "my own long password",
        (await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!,
      ),
    ).toBe(true);

    const audit = await t.db.auditLog.findMany({ where: { targetId: user.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["staff.create", "boss@example.com"],
      ["staff.password_link", "boss@example.com"],
      ["staff.password_set", "new@example.com"],
    ]);
  });

  it("issue a reset once a password is set; a new link replaces the unused one", async () => {
    const user = await t.db.user.findUniqueOrThrow({ where: { email: "new@example.com" } });
    const first = await links.issuePasswordLink(t.db, admin, user.id);
    const second = await links.issuePasswordLink(t.db, admin, user.id);
    if (!first.ok || !second.ok) throw new Error("no reset link");
    expect(second.link).toMatchObject({ purpose: "reset", path: links.passwordLinkPath(second.link.token) });
    expect(second.link.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    expect(await links.passwordLinkState(t.db, first.link.token)).toMatchObject({ ok: false, code: "INVALID" });
    expect(await links.passwordLinkState(t.db, second.link.token)).toEqual({
      ok: true,
      email: "new@example.com",
      purpose: "reset",
    });
  });

  it("expire, and never work for a disabled account", async () => {
    const link = await invite("late@example.com");
    const later = new Date(link.expiresAt.getTime() + 1);
    expect(await links.redeemPasswordLink(t.db, link.token, "a long password", later)).toMatchObject({
      ok: false,
      code: "EXPIRED",
    });
    expect((await t.db.user.findUniqueOrThrow({ where: { email: "late@example.com" } })).passwordHash).toBeNull();

    const other = await invite("gone@example.com");
    const gone = await t.db.user.findUniqueOrThrow({ where: { email: "gone@example.com" } });
    expect(await staff.setStaffDisabled(t.db, admin, gone.id, true)).toMatchObject({ ok: true });
    expect(await links.redeemPasswordLink(t.db, other.token, "a long password")).toMatchObject({
      ok: false,
      code: "DISABLED",
    });
    expect(await links.issuePasswordLink(t.db, admin, gone.id)).toMatchObject({ ok: false, code: "DISABLED" });
  });

  it("set one password when the same link is sent twice at once", async () => {
    const link = await invite("twice@example.com");
    const results = await Promise.all([
      links.redeemPasswordLink(t.db, link.token, "first long password"),
      links.redeemPasswordLink(t.db, link.token, "second long password"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ code: "USED" })]);
    expect(
      await t.db.auditLog.count({ where: { action: "staff.password_set", actorEmail: "twice@example.com" } }),
    ).toBe(1);
  });

  it("refuse tokens the shop did not issue, and customers' accounts", async () => {
    for (const token of ["", "short", "x".repeat(43), "../../etc/passwd", `${"a".repeat(42)}=`]) {
      expect(await links.passwordLinkState(t.db, token)).toMatchObject({ ok: false, code: "INVALID" });
      expect(await links.redeemPasswordLink(t.db, token, "a long password")).toMatchObject({
        ok: false,
        code: "INVALID",
      });
    }
    const customer = await t.db.user.create({ data: { email: "buyer@example.com", role: "customer" } });
    expect(await links.issuePasswordLink(t.db, admin, customer.id)).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("mail the link to the member: sealed in the outbox until sent, the mailed link works, and only a note is kept after", async () => {
    const { deliverQueuedMail } = await import("@/lib/mail/delivery");
    const { SENT_SEALED_NOTE } = await import("@/lib/mail/seal");
    const { smtpTransport } = await import("@/lib/mail/transport");
    const catcher = await startMailCatcher();
    try {
      const link = await invite("mailed@example.com");
      const queued = await t.db.mailOutbox.findFirstOrThrow({ where: { to: "mailed@example.com" } });
      expect(queued).toMatchObject({ kind: "staff_invite", sealed: true, status: "queued" });
      expect(`${queued.body}${queued.html}`).not.toContain(link.token);

      await deliverQueuedMail(
        t.db,
        { transport: smtpTransport(catcher.smtpUrl), from: "Shop <shop@example.com>" },
        { ids: [queued.id] },
      );
      const [mail] = await catcher.waitForMails(1);
      expect(mail!.subject).toMatch(/invited/);
      const mailed = /https?:\/\/\S+\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(mail!.text ?? "");
      expect(mailed?.[1]).toBe(link.token);
      expect(await links.redeemPasswordLink(t.db, mailed![1]!, "password from the mail")).toEqual({
        ok: true,
        email: "mailed@example.com",
      });

      const sent = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: queued.id } });
      expect(sent).toMatchObject({ status: "sent", body: SENT_SEALED_NOTE, html: null });
    } finally {
      await catcher.stop();
    }
  });
});
