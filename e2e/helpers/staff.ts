import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { signUp } from "./accounts";
import type { E2eServer } from "../../playwright.config";
import { uniqueEmail } from "./server";

// Staff accounts for the admin e2e tests. The account is made through the real sign-up page
// (so its password hash is the app's own scrypt hash and the browser ends up signed in with
// the app's credentials provider), then promoted in the e2e database, the way an admin would
// change a role. The guards re-read the role on every request, so the session sees it at once.

export type StaffRole = "staff" | "admin";

export function setRole(server: E2eServer, email: string, role: StaffRole | "customer"): void {
  const db = new Database(join(server.dataDir, "shop.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db.prepare(`UPDATE "User" SET role = ? WHERE email = ?`).run(role, email.toLowerCase()).changes;
    if (changed !== 1) throw new Error(`no user ${email} to promote`);
  } finally {
    db.close();
  }
}

/** Signs `page` in as a new staff member (or admin) and returns the account's email. */
export async function signInAsStaff(page: Page, server: E2eServer, role: StaffRole = "staff"): Promise<string> {
  const email = uniqueEmail(role);
  await signUp(page, email);
  setRole(server, email, role);
  await page.goto("/admin/pos");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  return email;
}

/** Runs `check` with the page in light and then dark theme (the header toggle stores it in localStorage). */
export async function inBothThemes(page: Page, check: (theme: "light" | "dark") => Promise<void>): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((t) => localStorage.setItem("theme", t), theme).catch(() => undefined);
    await page.reload();
    await check(theme);
  }
}
