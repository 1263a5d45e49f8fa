import { expect, test } from "@playwright/test";
import { embeddedShopCredentials } from "../lib/upstream/connection/embedded";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { shopPorts } from "./helpers/ports";
import { expectPortsFree, startGroup, stopGroup, waitForUrl, type Started } from "./helpers/processes";
import { buyUnlock, ORDINARY_IMEI } from "./helpers/purchases";
import { uniqueEmail } from "./helpers/server";

// A graceful stop of `npm start` (SIGTERM, as systemd or a container runtime sends it to the
// whole process group) while the unlocking API holds an unlock create open: the server closes
// its port at once, waits for the create's answer and records it, then exits
// (scripts/serve.mjs, docs/deploy.md "Stopping"). Exiting at once would leave the order
// "placing" with its answer lost: an unknown outcome for staff, as the unlocking API cannot look
// an order up.
//
// Its own emulator and app (ports: e2e/helpers/ports.ts, data in
// data/e2e-graceful-stop): the app is stopped, and the emulator, which holds the create, must
// outlive it, so the app is pointed at it as at a real upstream.

const { appPort: APP_PORT, emulatorPort: EMULATOR_PORT } = shopPorts("gracefulStop");
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;
const DATA_DIR = "data/e2e-graceful-stop";
const FACTORY_UNLOCK_TOOL = 1;

test.describe.configure({ timeout: 240_000 });

test("SIGTERM while an unlock create is held open: the answer is recorded before the app exits", async ({
  browser,
}) => {
  const credentials = embeddedShopCredentials();
  const started: Started[] = [];
  try {
    await expectPortsFree(APP_PORT, EMULATOR_PORT);
    const emulatorProcess = startGroup("node_modules/.bin/tsx", ["emulator/server.ts"], {
      EMULATOR_PORT: String(EMULATOR_PORT),
      EMULATOR_CONTROL: "1",
    });
    started.push(emulatorProcess);
    await waitForUrl(`${EMULATOR_URL}/v2/status`, emulatorProcess, 30_000);
    const emulator = new EmulatorControls(EMULATOR_URL);
    const app = startGroup("node", ["scripts/e2e-server.mjs"], {
      PORT: String(APP_PORT),
      APP_URL,
      E2E_DATA_DIR: DATA_DIR,
      E2E_KEEP_DATA: "0",
      COMMERCE_API_URL: EMULATOR_URL,
      COMMERCE_API_KEY: credentials.commerceApiKey,
      UNLOCK_API_URL: EMULATOR_URL,
      UNLOCK_SVC_KEY: credentials.unlockSvcKey,
      UNLOCK_SVC_SECRET: credentials.unlockSvcSecret,
    });
    started.push(app);
    await waitForUrl(`${APP_URL}/api/health`, app);

    // The create takes effect upstream at once; its answer is held for 15 s: long enough for the
    // checks below on a busy machine, well within the stop's grace (STOP_GRACE_MS, 25 s).
    await emulator.addFault({
      method: "POST",
      path: "/create_order/**",
      kind: "slow_answer",
      latencyMs: 15_000,
      times: 1,
    });

    const context = await browser.newContext({ baseURL: APP_URL });
    const email = uniqueEmail("graceful-stop");
    try {
      await buyUnlock(await context.newPage(), { tool: FACTORY_UNLOCK_TOOL, imei: ORDINARY_IMEI, email });
    } finally {
      await context.close();
    }

    const withDb = <T>(work: (db: ShopDb) => T): T => {
      const db = new ShopDb(DATA_DIR);
      try {
        return work(db);
      } finally {
        db.close();
      }
    };
    const orderId = withDb((db) => db.ordersByEmail(email)[0]!.id);
    // The create has reached the supplier, which holds its answer; the order waits for it.
    await expect
      .poll(async () => (await emulator.unlockOrders()).filter((o) => o.imei === ORDINARY_IMEI).length, {
        timeout: 20_000,
      })
      .toBe(1);
    expect(withDb((db) => db.order(orderId))).toMatchObject({ status: "placing", upstreamOrderId: null });

    // Resolves once the whole app (wrapper, start script, server) has exited.
    await stopGroup(app, "SIGTERM");
    expect(app.child.exitCode, app.output()).toBe(0);

    const ticket = (await emulator.unlockOrders()).find((o) => o.imei === ORDINARY_IMEI)!;
    const state = withDb((db) => db.orderState(orderId));
    expect(state, app.output()).toMatchObject({ status: "placed", upstreamOrderId: String(ticket.id) });
    expect(state.placement).toMatchObject({ state: "answered" });
  } finally {
    for (const proc of started.reverse()) await stopGroup(proc, "SIGTERM");
  }
});
