// Starts the app for Playwright exactly as `npm start` does, on a fresh database, with the
// embedded emulator and the local mail catcher on their own ports and the emulator's test
// controls enabled (clock, faults, counters).
// Several run side by side (playwright.config.ts), each with its own E2E_DATA_DIR and ports.
// Only the one started with E2E_BUILD=1 (the first of playwright.config.ts's servers) builds when
// the sources changed; every other one (the rest of the suite's servers, which Playwright starts
// after the first is up, and the shops specs start themselves) serves the build that is there
// (REUSE_BUILD, scripts/start.ts), so one run serves one build even when the sources change
// during it. E2E_KEEP_DATA=1 keeps the database (restart after a simulated crash,
// e2e/orders-crash.spec.ts).
import { rmSync } from "node:fs";
import { spawn } from "node:child_process";

const dir = process.env.E2E_DATA_DIR ?? "data/e2e";
if (process.env.E2E_KEEP_DATA !== "1") rmSync(dir, { recursive: true, force: true });
const env = {
  ...process.env,
  DATABASE_URL: `file:./${dir}/shop.db`,
  EMULATOR_PORT: process.env.E2E_EMULATOR_PORT ?? "4110",
  // The local mail catcher beside each server: SMTP 2000 and its inbox 2100 above the app's port
  // (unique per server; the emulator's is not set by specs that run their own emulator).
  MAIL_CATCHER_SMTP_PORT: String(Number(process.env.PORT ?? 3000) + 2000),
  MAIL_CATCHER_WEB_PORT: String(Number(process.env.PORT ?? 3000) + 2100),
  EMULATOR_CONTROL: "1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // The first admin for the staff dashboard specs (e2e/helpers/admin.ts).
  ADMIN_EMAIL: "admin@e2e.example.com",
  ADMIN_PASSWORD: "e2e admin password",
};
if (process.env.E2E_BUILD !== "1") env.REUSE_BUILD = "1";
// Node with tsx as a loader, as `npm start` runs it (package.json): no relaying process between
// a stop signal and the start script (scripts/start.ts, "A stop signal is passed on").
const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
