import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { freePort, startMailCatcher, type MailCatcher } from "../testing/mail-catcher";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { shopPorts } from "./helpers/ports";
import { expectPortsFree, startGroup, stopGroup, waitForUrl, type Started } from "./helpers/processes";
import { uniqueEmail } from "./helpers/server";
import { buyTopupUntilFulfilled, refFromUrl } from "./helpers/topup";

// With the mail server down, an order is still fulfilled; its mails wait in the
// outbox and go out once the server is back, exactly once each, after a restart of the app in
// between. The app runs on its own ports (e2e/helpers/ports.ts) with SMTP_URL
// pointing at a port where, at first, nothing listens.

const { appPort: APP_PORT, emulatorPort: EMULATOR_PORT } = shopPorts("mailServerDown");
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const DATA_DIR = "data/e2e-mail-down";

test.describe.configure({ timeout: 240_000 });

test("with the mail server down an order is fulfilled; its mails are sent once the server is back, once each, across a restart", async ({
  browser,
}) => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const smtpPort = await freePort();
  const env = (keepData: boolean) => ({
    PORT: String(APP_PORT),
    APP_URL,
    E2E_DATA_DIR: DATA_DIR,
    E2E_EMULATOR_PORT: String(EMULATOR_PORT),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    E2E_KEEP_DATA: keepData ? "1" : "0",
  });
  let app: Started | undefined;
  let catcher: MailCatcher | undefined;
  const context = await browser.newContext({ baseURL: APP_URL });
  try {
    await expectPortsFree(APP_PORT, EMULATOR_PORT);
    app = startGroup("node", ["scripts/e2e-server.mjs"], env(false));
    await waitForUrl(`${APP_URL}/api/health`, app);

    const email = uniqueEmail("mail-down");
    const page = await context.newPage();
    await buyTopupUntilFulfilled(page, new EmulatorControls(`http://127.0.0.1:${EMULATOR_PORT}`), email);
    const ref = refFromUrl(page.url());

    // Fulfilled, and both mails wait after a refused attempt.
    const orderId = (() => {
      const db = new ShopDb(DATA_DIR);
      try {
        return db.ordersByEmail(email)[0]!.id;
      } finally {
        db.close();
      }
    })();
    await expect(async () => {
      const db = new ShopDb(DATA_DIR);
      try {
        const mails = db.mailsOf(orderId);
        expect(mails.map((m) => m.kind)).toEqual(["receipt", "delivery"]);
        for (const mail of mails) expect(mail).toMatchObject({ status: "queued", attempts: 1 });
        expect(mails[0]!.error).toMatch(/ECONNREFUSED|connect/i);
      } finally {
        db.close();
      }
    }).toPass({ timeout: 20_000 });

    // The app stops; the mail server comes up; the app starts again on the same data.
    await stopGroup(app, "SIGTERM");
    catcher = await startMailCatcher({ smtpPort });
    app = startGroup("node", ["scripts/e2e-server.mjs"], env(true));
    await waitForUrl(`${APP_URL}/api/health`, app);

    // Each mail arrives once its retry is due (30 s after the refusal), and only once.
    const arrived = await catcher.waitForMails(2, 90_000);
    expect(arrived.map((m) => m.subject).sort()).toEqual([
      `Your order ${ref} is ready`,
      `Your receipt for order ${ref}`,
    ]);
    // Both are sent in the outbox, so no later round sends them again (lib/mail/delivery.int.test.ts).
    await expect
      .poll(
        () => {
          const db = new ShopDb(DATA_DIR);
          try {
            return db.mailsOf(orderId).map((m) => m.status);
          } finally {
            db.close();
          }
        },
        { timeout: 15_000 },
      )
      .toEqual(["sent", "sent"]);
    expect(await catcher.mails()).toHaveLength(2);
  } finally {
    await context.close();
    if (app) await stopGroup(app, "SIGKILL");
    await catcher?.stop();
  }
});
