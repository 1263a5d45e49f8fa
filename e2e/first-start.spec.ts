import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInStaff } from "./helpers/admin";
import { shopPorts } from "./helpers/ports";
import { expectPortsFree, startGroup, stopGroup, waitForUrl } from "./helpers/processes";

// The first admin a first `npm start` creates must be able to sign in. The other specs sign in
// as the e2e servers' ADMIN_EMAIL (admin@e2e.example.com), so they never meet the address a real
// first start creates (admin@localhost), a single-label domain the sign-in's email check must
// take.
//
// This test starts the app the way a newcomer does: the start script on a fresh data folder,
// without ADMIN_EMAIL / ADMIN_PASSWORD and without the emulator's test controls, on its own
// ports (e2e/helpers/ports.ts). It signs in with exactly the email and password the server
// printed. It serves the build the suite's servers use (REUSE_BUILD, scripts/start.ts).

const { appPort: APP_PORT, emulatorPort: EMULATOR_PORT } = shopPorts("firstStart");
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
const DATA_DIR = "data/e2e-first-start";

test.describe.configure({ timeout: 240_000 });

/** The `email:` and `password:` lines start.ts prints once when it creates the first admin. */
function printedAdmin(stdout: string): { email: string; password: string } {
  const email = /^\s*email:\s+(\S+)\s*$/m.exec(stdout)?.[1];
  const password = /^\s*password:\s+(\S+)\s*$/m.exec(stdout)?.[1];
  if (!email || !password) throw new Error(`the first start printed no admin email and password:\n${stdout}`);
  return { email, password };
}

test("a first npm start prints an admin who can sign in, and who can add ops@localhost", async ({ browser }) => {
  rmSync(DATA_DIR, { recursive: true, force: true });
  await expectPortsFree(APP_PORT, EMULATOR_PORT);
  const app = startGroup(
    process.execPath,
    ["--import", "tsx", "scripts/start.ts"],
    {
      DATABASE_URL: `file:./${DATA_DIR}/shop.db`,
      PORT: String(APP_PORT),
      APP_URL, // what the default (http://localhost:3000) is to a newcomer on port 3000
      EMULATOR_PORT: String(EMULATOR_PORT),
      // The local mail catcher, off the default ports a shop already running here would hold.
      MAIL_CATCHER_SMTP_PORT: String(APP_PORT + 2000),
      MAIL_CATCHER_WEB_PORT: String(APP_PORT + 2100),
      SMTP_URL: undefined,
      ADMIN_EMAIL: undefined,
      ADMIN_PASSWORD: undefined,
      EMULATOR_CONTROL: undefined,
      REUSE_BUILD: "1",
    },
    1_000_000,
  );
  // What the server printed on stdout (the helper's output() mixes in stderr).
  let stdout = "";
  app.child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const context = await browser.newContext({ baseURL: APP_URL });
  try {
    await waitForUrl(`${APP_URL}/api/health`, app);
    const admin = printedAdmin(stdout);
    expect(admin.email).toBe("admin@localhost");
    // The local inbox it started and printed answers.
    const inbox = /Mail inbox at (http:\/\/localhost:\d+)/.exec(stdout)?.[1];
    expect(inbox).toBe(`http://localhost:${APP_PORT + 2100}`);
    expect((await fetch(`http://127.0.0.1:${APP_PORT + 2100}/api/healthz`)).ok).toBe(true);

    const page = await context.newPage();
    await signInStaff(page, admin.email, admin.password);
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();

    // The staff form takes an address on the same single-label domain, and it can sign in.
    await page.goto("/admin/staff");
    await page.getByLabel("Email").fill("ops@localhost");
    await page.getByRole("radio", { name: /Initial password/ }).check();
    await page.getByLabel("Initial password", { exact: true }).fill("ops initial password");
    await page.getByRole("button", { name: "Create staff account" }).click();
    await expect(page.getByText("Created ops@localhost (staff)")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "ops@localhost" })).toBeVisible();

    const opsContext = await browser.newContext({ baseURL: APP_URL });
    try {
      await signInStaff(await opsContext.newPage(), "ops@localhost", "ops initial password");
    } finally {
      await opsContext.close();
    }
  } finally {
    await context.close();
    await stopGroup(app, "SIGTERM");
  }
});
