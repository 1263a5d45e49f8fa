import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { giftcardCodesInMail } from "@/lib/products/giftcard/mail-setting";
import { stubAppEnv } from "@/testing/app-env";

// Staff's mail settings and the outbox overview (/admin/mail): the gift card switch is off until
// an admin turns it on, each change audited with before and after; the overview counts waiting,
// failed and recently sent mail and lists the problems with their orders.

const actor = { id: "admin_1", email: "admin@example.com" };
let t: TestDatabase;
let settings: typeof import("./mail-settings");
let overview: typeof import("./mail-overview");

beforeAll(async () => {
  t = await createTestDatabase();
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: "http://127.0.0.1:9" });
  settings = await import("./mail-settings");
  overview = await import("./mail-overview");
  await t.db.user.create({ data: { id: actor.id, email: actor.email, role: "admin" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.cleanup();
});

describe("mail settings", () => {
  it("gift card codes in mail: off by default, switched with an audit entry per real change", async () => {
    expect(await giftcardCodesInMail(t.db)).toBe(false);
    expect(await settings.setGiftcardCodesInMail(t.db, actor, true)).toEqual({ changed: true });
    expect(await settings.setGiftcardCodesInMail(t.db, actor, true)).toEqual({ changed: false });
    expect(await giftcardCodesInMail(t.db)).toBe(true);
    await settings.setGiftcardCodesInMail(t.db, actor, false);
    expect(await giftcardCodesInMail(t.db)).toBe(false);
    const audits = await t.db.auditLog.findMany({
      where: { action: "mail.giftcard_codes.update" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((a) => [a.actorId, a.before, a.after])).toEqual([
      [actor.id, false, true],
      [actor.id, true, false],
    ]);
  });

  it("a damaged stored value reads as off", async () => {
    await t.db.setting.upsert({
      where: { key: "mail.giftcardCodesInMail" },
      create: { key: "mail.giftcardCodesInMail", value: "{not json" },
      update: { value: "{not json" },
    });
    expect(await giftcardCodesInMail(t.db)).toBe(false);
  });

  it("the overview counts the outbox and lists mail that could not be sent, with its order", async () => {
    const now = new Date();
    const order = await t.db.order.create({
      data: {
        ref: "RMAILOVERVIEW1",
        productType: "topup",
        idempotencyKey: "k_mail_overview",
        customerEmail: "b@example.com",
        currency: "EUR",
        retailAmount: 500,
        detail: {},
      },
    });
    await t.db.mailOutbox.createMany({
      data: [
        {
          to: "b@example.com",
          subject: "Receipt",
          body: "x",
          kind: "receipt",
          orderId: order.id,
          status: "sent",
          sentAt: now,
        },
        {
          to: "b@example.com",
          subject: "Delivery",
          body: "x",
          kind: "delivery",
          orderId: order.id,
          status: "failed",
          attempts: 8,
          error: "550 mailbox unavailable",
        },
        {
          to: "c@example.com",
          subject: "Reset",
          body: "x",
          kind: "password_reset",
          status: "queued",
          attempts: 2,
          error: "connect ECONNREFUSED",
        },
        { to: "d@example.com", subject: "New", body: "x", kind: "receipt", status: "queued" },
      ],
    });
    const seen = await overview.mailOverview(t.db, now);
    expect(seen).toMatchObject({ waiting: 2, failed: 1, sentLastDay: 1 });
    expect(seen.problems.map((p) => [p.subject, p.status, p.orderRef])).toEqual(
      expect.arrayContaining([
        ["Delivery", "failed", "RMAILOVERVIEW1"],
        ["Reset", "queued", null],
      ]),
    );
    expect(seen.problems).toHaveLength(2);
  });
});
