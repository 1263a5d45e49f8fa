import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { serverOf } from "./server";

export const PASSWORD = "correct horse battery";

/** Creates a customer account through the sign-up page; the page is signed in afterwards. */
export async function signUp(page: Page, email: string): Promise<void> {
  forgetSignUpsFromThisMachine();
  await page.goto("/account/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).not.toHaveURL(/sign-up/);
}

/**
 * Every e2e browser is 127.0.0.1, and the suite makes more accounts than one visitor may in ten
 * minutes (lib/auth/throttle.ts SIGN_UP_ADDRESS: 30). Each account here stands for a different
 * visitor, so the address's sign-up counters are cleared first, the way a new visitor starts
 * with none. The limit itself is proven in lib/auth/throttle.int.test.ts; nothing else is
 * cleared (sign-in, preview and mail limits still count across the suite).
 */
function forgetSignUpsFromThisMachine(): void {
  const db = new Database(join(serverOf(test.info()).dataDir, "shop.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(`DELETE FROM "RateLimit" WHERE key LIKE 'signup:address:%'`).run();
  } finally {
    db.close();
  }
}
