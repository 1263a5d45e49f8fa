import { defineConfig, devices } from "@playwright/test";
import { PORT_OFFSETS } from "./e2e/helpers/ports";

// End-to-end tests run against a production build served by the same start script as
// `npm start`, each server on its own ports (e2e/helpers/ports.ts) and its own throwaway SQLite
// database, emulator and mail catcher. Chromium is Debian's (/usr/bin/chromium) or
// CHROMIUM_PATH: Playwright's browser download is not reachable here. `npm test` /
// `npm run test:e2e` provide it first (scripts/ensure-browser.mjs).
//
// Layout (docs/testing.md): projects run side by side on WORKERS workers, each project on its
// own server, so no spec meets another's changes to a server's state (settings, product
// switches, margins, emulator faults and clock, balances, the catalog, inbox counts):
//   chromium (twice)       the specs of the default server (webhooks and polling both on), split
//                          in two halves of about equal measured time, each half on its own
//                          server (main: data/e2e, :3100; main-2: data/e2e-2, :3109) and one
//                          worker, so within a half specs run one after another. Both halves are
//                          named chromium, so `--project chromium` runs any of their specs.
//   own-shops              the specs that start, kill and restart shops of their own
//                          (OWN_SHOP_SPECS), each on its own ports; one worker.
//   webhooks-only,         one delivery path each (polling off: webhooks bring the order to
//   polling-only           fulfilled; webhooks off: polling does), :3101 and :3102.
//   documented-dialect     an emulator that answers only what the two API documents name
//                          (EMULATOR_DIALECT=documented, emulator/README.md "Dialects"), :3107.
// Playwright starts the servers one after another; only the first (main) builds, and every
// other server, and every shop a spec starts, serves that build (E2E_BUILD,
// scripts/e2e-server.mjs). The scale-out test has its own config (playwright.scale-out.config.ts).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4110);
/**
 * Three lanes: the two halves and the own shops with the small projects (measured: halves about
 * 21 minutes of tests each, the third lane about 12, in a run on a loaded machine). Two workers
 * would put the third lane's work on the halves' critical path.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 3);

export type E2eServer = { baseURL: string; emulatorUrl: string; dataDir: string };

function server(offset: number, dataDir: string): E2eServer {
  return {
    baseURL: `http://127.0.0.1:${PORT + offset}`,
    emulatorUrl: `http://127.0.0.1:${EMULATOR_PORT + offset}`,
    dataDir,
  };
}

const main = server(PORT_OFFSETS.main, "data/e2e");
const main2 = server(PORT_OFFSETS.main2, "data/e2e-2");
const webhooksOnly = server(PORT_OFFSETS.webhooksOnly, "data/e2e-webhooks-only");
const pollingOnly = server(PORT_OFFSETS.pollingOnly, "data/e2e-polling-only");
const documentedDialect = server(PORT_OFFSETS.documentedDialect, "data/e2e-documented-dialect");

const chromium = {
  ...devices["Desktop Chrome"],
  // A browser in a euro country (an en-US browser is shown dollars, lib/i18n/currency-routing.mjs);
  // the specs that test other languages and currencies set their own.
  locale: "en-GB",
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/** A pattern matching exactly these spec files (paths under e2e/). */
function specs(files: string[]): RegExp {
  const escaped = files.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(^|/)e2e/(${escaped.join("|")})$`);
}

const DELIVERY_PATH_SPEC = specs(["orders-delivery-paths.spec.ts"]);
const DOCUMENTED_DIALECT_SPEC = specs(["documented-dialect.spec.ts"]);
const SCALE_OUT = /scale-out\//;
/** Specs that start and stop shops of their own (ports: e2e/helpers/ports.ts); they use no suite server. */
const OWN_SHOP_SPECS = specs([
  "orders-crash.spec.ts",
  "first-start.spec.ts",
  "admin-upstream.spec.ts",
  "restart-recovery.spec.ts",
  "mail-server-down.spec.ts",
  "graceful-stop.spec.ts",
]);
/**
 * The default server's second half (the first half is every other spec): chosen by measured
 * duration (TEST_REPORT_DIR's playwright.json) so the halves take about as long. A new spec
 * lands in the first half; move specs here when the halves drift apart.
 */
const SECOND_HALF_SPECS = specs([
  "unlock.spec.ts",
  "esim.spec.ts",
  "i18n.spec.ts",
  "account-ownership.spec.ts",
  "security/sign-in.spec.ts",
  "topup-browse.spec.ts",
  "accounts-mail.spec.ts",
  "imei-check.spec.ts",
  "currency.spec.ts",
  "layout-overflow.spec.ts",
  "security/budget-drain.spec.ts",
  "admin-access.spec.ts",
]);

function webServer(s: E2eServer, env: Record<string, string> = {}, timeout = 120_000) {
  const port = new URL(s.baseURL).port;
  return {
    command: "node scripts/e2e-server.mjs",
    url: `${s.baseURL}/api/health`,
    timeout,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      PORT: port,
      APP_URL: s.baseURL,
      E2E_DATA_DIR: s.dataDir,
      E2E_EMULATOR_PORT: new URL(s.emulatorUrl).port,
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  // Three workers share two cores with six servers: a page that hashes a password or renders
  // on a busy machine may take several seconds, which a visible state is waited for.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [SECOND_HALF_SPECS, OWN_SHOP_SPECS, DELIVERY_PATH_SPEC, DOCUMENTED_DIALECT_SPEC, SCALE_OUT],
      workers: 1,
      use: { ...chromium, baseURL: main.baseURL },
      metadata: { server: main },
    },
    {
      // The same name: `--project chromium` runs a spec of either half (Playwright tells the two
      // apart by id: chromium, chromium1).
      name: "chromium",
      testMatch: SECOND_HALF_SPECS,
      workers: 1,
      use: { ...chromium, baseURL: main2.baseURL },
      metadata: { server: main2 },
    },
    {
      name: "own-shops",
      testMatch: OWN_SHOP_SPECS,
      workers: 1,
      use: chromium,
    },
    {
      name: "webhooks-only",
      testMatch: DELIVERY_PATH_SPEC,
      use: { ...chromium, baseURL: webhooksOnly.baseURL },
      metadata: { server: webhooksOnly, path: "webhook" },
    },
    {
      name: "polling-only",
      testMatch: DELIVERY_PATH_SPEC,
      use: { ...chromium, baseURL: pollingOnly.baseURL },
      metadata: { server: pollingOnly, path: "polling" },
    },
    {
      name: "documented-dialect",
      testMatch: DOCUMENTED_DIALECT_SPEC,
      use: { ...chromium, baseURL: documentedDialect.baseURL },
      metadata: { server: documentedDialect },
    },
  ],
  webServer: [
    // The first server builds when the sources changed; the others serve its build.
    // (A build takes 3-5 minutes on two busy cores.)
    webServer(main, { E2E_BUILD: "1" }, 600_000),
    webServer(main2),
    webServer(webhooksOnly, { ORDER_POLLING: "off" }),
    webServer(pollingOnly, { COMMERCE_WEBHOOKS: "off" }),
    // Webhooks stay on as in a deployment: the documented emulator refuses the shop's http receiver (C§2: HTTPS only).
    webServer(documentedDialect, { EMULATOR_DIALECT: "documented" }),
  ],
});
