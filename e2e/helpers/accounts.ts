import { expect, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery";

/** Creates a customer account through the sign-up page; the page is signed in afterwards. */
export async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/account/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).not.toHaveURL(/sign-up/);
}
