import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

// Three projects: unit tests (*.test.ts, no I/O beyond memory) and integration tests
// (*.int.test.ts: a real database, real HTTP). Integration tests use a temporary SQLite
// file, or PostgreSQL when TEST_POSTGRES_URL is set (.ci/run does both); and the emulator's contract tests (emulator/**).
const shared = {
  resolve: {
    alias: {
      "@": root,
      // Next.js enforces "server-only" at build time; in tests it is an empty module.
      "server-only": `${root}testing/server-only-stub.ts`,
    },
  },
};

// In CI, a JSON report per run lets .ci/run print one closing total (scripts/ci-summary.mjs).
const reportDir = process.env.TEST_REPORT_DIR;
const reportName = process.env.VITEST_REPORT_NAME ?? "vitest";

export default defineConfig({
  test: {
    // Upstream calls and cache refreshes log at info/warn; tests that check logs capture them.
    // The order core seals delivered secrets with APP_ENCRYPTION_KEY (lib/orders/sealed-fulfillment.ts):
    // every test process has the same test key as stubAppEnv (testing/app-env.ts).
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
      APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? Buffer.alloc(32, 7).toString("base64"),
    },
    reporters: reportDir ? ["default", ["json", { outputFile: `${reportDir}/${reportName}.json` }]] : ["default"],
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "emulator/**", "node_modules/**", "e2e/**", ".next/**"],
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["emulator/**", "node_modules/**", ".next/**"],
          // One migrated template database per run; each test database is a copy of it (lib/db/testing.ts).
          globalSetup: ["testing/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...shared,
        // The emulator's own contract tests: real HTTP against a started emulator.
        test: { name: "emulator", include: ["emulator/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 },
      },
    ],
  },
});
