import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { freePort, startMailCatcher, type MailCatcher } from "@/testing/mail-catcher";
import { deliverQueuedMail, MAX_ATTEMPTS, messageIdOf, retryDelayMs, SEND_LEASE_MS, type Mailer } from "./delivery";
import { queueMail } from "./outbox";
import { smtpTransport } from "./transport";

// The durable outbox against a real SMTP server (MailDev): a queued mail arrives once, with its
// text and HTML; with the server down it waits and is sent once the server is back, exactly once;
// two workers never send the same mail; an attempt lost mid-send is taken again after its lease;
// a mail that cannot be sent ends "failed" for staff.

let t: TestDatabase;
let catcher: MailCatcher;
const FROM = "Reseller Shop <shop@example.com>";

beforeAll(async () => {
  t = await createTestDatabase();
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher?.stop();
  await t?.cleanup();
});
afterEach(async () => {
  await catcher.clear();
  await t.db.mailOutbox.deleteMany();
});

const mailer = (): Mailer => ({ transport: smtpTransport(catcher.smtpUrl), from: FROM });
const mail = (n: number) => ({
  to: `buyer${n}@example.com`,
  subject: `Your receipt ${n}`,
  body: `Plain text ${n}`,
  html: `<p>HTML <b>${n}</b></p>`,
  kind: "receipt",
});

describe("mail delivery over SMTP", () => {
  it("sends a queued mail once, with its text, HTML, sender and Message-ID, and marks it sent", async () => {
    const row = await queueMail(t.db, mail(1));
    expect(await deliverQueuedMail(t.db, mailer())).toEqual({ sent: 1, retrying: 0, failed: 0, logged: 0 });
    const [received, ...more] = await catcher.waitForMails(1);
    expect(more).toHaveLength(0);
    expect(received).toMatchObject({
      subject: "Your receipt 1",
      to: [{ address: "buyer1@example.com" }],
      from: [{ address: "shop@example.com", name: "Reseller Shop" }],
    });
    expect(received!.text?.trim()).toBe("Plain text 1");
    expect(received!.html).toContain("<p>HTML <b>1</b></p>");
    expect(received!.messageId ?? received!.headers?.["message-id"]).toContain(messageIdOf(row).slice(1, -1));
    expect(await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "sent",
      transport: "smtp",
      attempts: 1,
      error: null,
    });
    // Nothing left to do: a second round sends nothing.
    expect(await deliverQueuedMail(t.db, mailer())).toEqual({ sent: 0, retrying: 0, failed: 0, logged: 0 });
    expect(await catcher.mails()).toHaveLength(1);
  });

  it("with the server down, keeps the mail and retries later; once the server is back it is sent exactly once", async () => {
    const port = await freePort();
    const down: Mailer = { transport: smtpTransport(`smtp://127.0.0.1:${port}`), from: FROM };
    const row = await queueMail(t.db, mail(2));
    const now = new Date();
    expect(await deliverQueuedMail(t.db, down, { now })).toMatchObject({ retrying: 1, sent: 0 });
    const waiting = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    expect(waiting.error).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now.getTime() + retryDelayMs(1) - 1000);
    // Not due yet: nothing is tried.
    expect(await deliverQueuedMail(t.db, down, { now })).toEqual({ sent: 0, retrying: 0, failed: 0, logged: 0 });

    const back = await startMailCatcher({ smtpPort: port });
    try {
      const later = new Date(waiting.nextAttemptAt.getTime() + 1);
      const [first, second] = await Promise.all([
        deliverQueuedMail(t.db, down, { now: later }),
        deliverQueuedMail(t.db, down, { now: later }),
      ]);
      expect(first.sent + second.sent).toBe(1);
      expect(await back.waitForMails(1)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await back.mails()).toHaveLength(1);
      expect(await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
        status: "sent",
        attempts: 2,
      });
    } finally {
      await back.stop();
    }
  });

  it("takes an attempt lost mid-send (a crash) again once its lease has run out, and only then", async () => {
    const row = await queueMail(t.db, mail(3));
    const crashedAt = new Date();
    await t.db.mailOutbox.update({
      where: { id: row.id },
      data: { status: "sending", attempts: 1, leaseUntil: new Date(crashedAt.getTime() + SEND_LEASE_MS) },
    });
    expect((await deliverQueuedMail(t.db, mailer(), { now: crashedAt })).sent).toBe(0);
    expect(
      (await deliverQueuedMail(t.db, mailer(), { now: new Date(crashedAt.getTime() + SEND_LEASE_MS + 1) })).sent,
    ).toBe(1);
    expect(await catcher.waitForMails(1)).toHaveLength(1);
    expect(await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  it("gives up after the last attempt: the mail is failed, for staff to resend", async () => {
    // A server that wants another password refuses every attempt.
    const strict = await startMailCatcher({ auth: { user: "shop", pass: "right password" } });
    const refused: Mailer = { transport: smtpTransport(`smtp://shop:wrong@127.0.0.1:${strict.smtpPort}`), from: FROM };
    const row = await queueMail(t.db, mail(4));
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const run = await deliverQueuedMail(t.db, refused, { now });
      expect(run).toMatchObject(attempt < MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      now = new Date(now.getTime() + 24 * 60 * 60_000);
    }
    const failed = await t.db.mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.error).toMatch(/auth|535|credentials/i);
    expect(await deliverQueuedMail(t.db, refused, { now })).toEqual({ sent: 0, retrying: 0, failed: 0, logged: 0 });
    expect(await strict.mails()).toHaveLength(0);
    await strict.stop();
  });
});
