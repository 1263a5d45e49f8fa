import type { Page } from "@playwright/test";

/** The emulator's OAuth sign-in and consent pages, as the shop's PRO account owner (emulator/core/accounts.ts acct_shop). */
export async function approveOnEmulator(page: Page): Promise<void> {
  await page.getByLabel("Email").fill("pro@emulator.test");
  await page.getByLabel("Password").fill("emulator");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
}

/** The emulator's authorization page (its path may sit under an auth base URL with a path of its own). */
export function authorizePage(emulatorUrl: string): RegExp {
  return new RegExp(`^${emulatorUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/.*authorize\\?`);
}
