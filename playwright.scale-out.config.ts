import { defineConfig, devices } from "@playwright/test";

// The scale-out test (e2e/scale-out): it starts its own deployment (three app instances,
// a worker, PostgreSQL, the emulator, a mail server, a reverse proxy), so no web server here.
// Needs TEST_POSTGRES_URL; `npm run test:scale-out`, run by .ci/run's PostgreSQL pass.
export default defineConfig({
  testDir: "e2e/scale-out",
  outputDir: "test-results/scale-out",
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: `${process.env.TEST_REPORT_DIR}/playwright-scale-out.json` }]]
    : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    locale: "en-GB",
    trace: "retain-on-failure",
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
  },
});
