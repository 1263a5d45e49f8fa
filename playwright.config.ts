import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against a production build served by the same start script as
// `npm start`, on its own port and its own throwaway SQLite database. Chromium is
// Debian's (/usr/bin/chromium) or CHROMIUM_PATH: Playwright's browser download is not
// reachable here. `npm test` / `npm run test:e2e` provide it first (scripts/ensure-browser.mjs).
//
// Four app servers, each with its own emulator and database: the default one (webhooks and
// polling both on) for almost everything, two that prove each delivery path alone
// (issue [04]: polling off → webhooks bring the order to fulfilled; webhooks off → polling
// does), and one whose emulator answers only what the two API documents name
// (EMULATOR_DIALECT=documented, emulator/README.md "Dialects"), where every product is bought
// once more. Playwright starts them one after another, so only the first builds. Specs that
// stop and start a shop of their own take the port offsets 3 and up (each names its own: grep
// `E2E_PORT ?? 3100) +`), never one of these four.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 4110);

export type E2eServer = { baseURL: string; emulatorUrl: string; dataDir: string };

function server(offset: number, dataDir: string): E2eServer {
  return {
    baseURL: `http://127.0.0.1:${PORT + offset}`,
    emulatorUrl: `http://127.0.0.1:${EMULATOR_PORT + offset}`,
    dataDir,
  };
}

const main = server(0, "data/e2e");
const webhooksOnly = server(1, "data/e2e-webhooks-only");
const pollingOnly = server(2, "data/e2e-polling-only");
// Offset 7: specs that start their own app and emulator use 3 to 6 (orders-crash, first-start,
// admin-upstream, restart-recovery, mail-server-down), and these servers run for the whole suite.
const documentedDialect = server(7, "data/e2e-documented-dialect");

const chromium = {
  ...devices["Desktop Chrome"],
  // A browser in a euro country ([16]: an en-US browser is shown dollars, lib/i18n/currency-routing.mjs);
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

const DELIVERY_PATH_SPEC = /orders-delivery-paths\.spec\.ts/;
const DOCUMENTED_DIALECT_SPEC = /documented-dialect\.spec\.ts/;
/** Issue [17]'s scale-out test starts its own deployment on PostgreSQL: playwright.scale-out.config.ts. */
const SCALE_OUT = /scale-out\//;

function webServer(s: E2eServer, env: Record<string, string> = {}) {
  const port = new URL(s.baseURL).port;
  return {
    command: "node scripts/e2e-server.mjs",
    url: `${s.baseURL}/api/health`,
    timeout: 240_000,
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
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }]]
    : [["list"]],
  timeout: 60_000,
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [DELIVERY_PATH_SPEC, DOCUMENTED_DIALECT_SPEC, SCALE_OUT],
      use: { ...chromium, baseURL: main.baseURL },
      metadata: { server: main },
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
    webServer(main),
    webServer(webhooksOnly, { ORDER_POLLING: "off" }),
    webServer(pollingOnly, { COMMERCE_WEBHOOKS: "off" }),
    // Webhooks stay on as in a deployment: the documented emulator refuses the shop's http receiver (C§2: HTTPS only).
    webServer(documentedDialect, { EMULATOR_DIALECT: "documented" }),
  ],
});
