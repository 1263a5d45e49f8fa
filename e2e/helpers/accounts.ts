import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { E2eServer } from "../../playwright.config";
import { mailsTo, type InboxMail } from "./mail";
import { serverOf } from "./server";

export const PASSWORD = "correct horse battery";

/**
 * Creates a customer account the way a buyer does (docs/accounts.md): the sign-up page takes the
 * address, the mailed link (read from the e2e server's inbox) opens the confirmation page, where
 * the password is chosen. The page is signed in afterwards, on the account page.
 */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  forgetSignUpsFromThisMachine();
  const server = serverOf(test.info());
  const before = new Set((await mailsTo(server, email)).map((mail) => mail.id));
  await page.goto("/account/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("sign-up-sent")).toContainText(`We sent a link to ${email}.`);
  await page.goto(await confirmationPath(server, email, before));
  await page.getByLabel("Choose a password").fill(password);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/account\?confirmed=\d+/);
}

/** The path of the confirmation link in the newest "Confirm your email" mail to `email` not among `before`. */
export async function confirmationPath(
  server: E2eServer,
  email: string,
  before: ReadonlySet<string> = new Set(),
): Promise<string> {
  let path = "";
  await expect(async () => {
    const fresh = (await mailsTo(server, email)).filter(
      (mail) => !before.has(mail.id) && /^Confirm your email for /.test(mail.subject),
    );
    expect(fresh.length, `a confirmation mail to ${email}`).toBeGreaterThan(0);
    path = mailLinkPath(fresh.at(-1)!, /^\/account\/verify-email\//);
  }).toPass({ timeout: 20_000 });
  return path;
}

/** The shop path a mail's button leads to (the buyer clicks it in their mail client). */
export function mailLinkPath(mail: InboxMail, path: RegExp): string {
  const href = [...(mail.html ?? "").matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!)
    .find((url) => path.test(new URL(url).pathname));
  expect(href, `a link to ${path} in "${mail.subject}"`).toBeDefined();
  return new URL(href!).pathname;
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
