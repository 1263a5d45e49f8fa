import { expect, test } from "@playwright/test";
import { embeddedShopCredentials } from "../lib/upstream/connection/embedded";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { shopPorts } from "./helpers/ports";
import { expectPortsFree, startGroup, stopGroup, waitForUrl, type Started } from "./helpers/processes";
import { uniqueEmail } from "./helpers/server";
import { chooseTopup, orderStatus, payOnReview, sandboxCheckout } from "./helpers/topup";

// Killing the app between "placing" and the upstream's answer, then
// restarting, ends with exactly one upstream order and the local order fulfilled.
//
// This test runs its own emulator and app (ports: e2e/helpers/ports.ts, data in
// data/e2e-crash), because it kills the app: the emulator must outlive it (it holds the
// upstream order), so the app is pointed at it as at a real upstream. The upstream's create
// is held open by a latency fault; the app is killed (SIGKILL: no clean shutdown) while the
// order is "placing"; the emulator then completes the create nobody is waiting for (the lost
// answer). After the restart, the worker must find that order instead of placing another.

const { appPort: APP_PORT, emulatorPort: EMULATOR_PORT } = shopPorts("ordersCrash");
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const DATA_DIR = "data/e2e-crash";

test.describe.configure({ timeout: 180_000 });

test("an app killed while placing an order finishes it after a restart, with one upstream order", async ({
  browser,
}) => {
  const credentials = embeddedShopCredentials();
  const appEnv = {
    PORT: String(APP_PORT),
    APP_URL,
    E2E_DATA_DIR: DATA_DIR,
    COMMERCE_API_URL: EMULATOR_URL,
    COMMERCE_API_KEY: credentials.commerceApiKey,
    UNLOCK_API_URL: EMULATOR_URL,
    UNLOCK_SVC_KEY: credentials.unlockSvcKey,
    UNLOCK_SVC_SECRET: credentials.unlockSvcSecret,
  };
  const started: Started[] = [];
  const startApp = async (keepData: boolean) => {
    const app = startGroup("node", ["scripts/e2e-server.mjs"], { ...appEnv, E2E_KEEP_DATA: keepData ? "1" : "0" });
    started.push(app);
    await waitForUrl(`${APP_URL}/api/health`, app);
    return app;
  };

  try {
    await expectPortsFree(APP_PORT, EMULATOR_PORT);
    const emulatorProcess = startGroup("node_modules/.bin/tsx", ["emulator/server.ts"], {
      EMULATOR_PORT: String(EMULATOR_PORT),
      EMULATOR_CONTROL: "1",
    });
    started.push(emulatorProcess);
    await waitForUrl(`${EMULATOR_URL}/v2/status`, emulatorProcess, 30_000);
    const emulator = new EmulatorControls(EMULATOR_URL);
    let app = await startApp(false);

    // The create reaches the emulator and hangs there (its answer is 30 s away).
    await emulator.addFault({ method: "POST", path: "/v2/orders", kind: "latency", latencyMs: 30_000, times: 1 });

    const context = await browser.newContext({ baseURL: APP_URL });
    const page = await context.newPage();
    const email = uniqueEmail("crash");
    await chooseTopup(page);
    await payOnReview(page, email);
    await sandboxCheckout(page, "Pay");
    await page.waitForURL(/\/orders\//);
    const orderPage = page.url();

    // Short-lived connections: none may be open while the app starts (its migration step
    // wants the database to itself).
    const withDb = <T>(work: (db: ShopDb) => T, readonly = true): T => {
      const db = new ShopDb(DATA_DIR, { readonly });
      try {
        return work(db);
      } finally {
        db.close();
      }
    };
    try {
      const orderId = withDb((db) => db.ordersByEmail(email)[0]!.id);
      await expect.poll(() => withDb((db) => db.order(orderId).status), { timeout: 15_000 }).toBe("placing");
      await expect.poll(async () => emulator.orderCreates()).toBe(1);

      // Crash: no shutdown hooks, no chance to record anything.
      await stopGroup(app, "SIGKILL");
      expect(withDb((db) => db.order(orderId))).toMatchObject({ status: "placing", upstreamOrderId: null });
      // The emulator completes the create the dead app was waiting for: the answer is lost.
      await expect
        .poll(async () => (await emulator.ledger()).filter((e) => e.kind === "debit").length, { timeout: 40_000 })
        .toBe(1);

      // Restart on the same database. The dead worker's lease (90 s) is treated as lapsed.
      await emulator.clearFaults();
      withDb((db) => db.lapseLease(orderId), false);
      app = await startApp(true);

      await page.goto(orderPage);
      await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 30_000 });
      await emulator.advanceClock(5_000);
      await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 25_000 });

      const finished = withDb((db) => db.order(orderId));
      expect(finished.status).toBe("fulfilled");
      const debits = (await emulator.ledger()).filter((e) => e.api === "commerce" && e.kind === "debit");
      expect(debits.map((d) => d.reference)).toEqual([finished.upstreamOrderId]);
    } finally {
      await context.close();
    }
  } finally {
    for (const proc of started.reverse()) await stopGroup(proc, "SIGTERM");
  }
});
