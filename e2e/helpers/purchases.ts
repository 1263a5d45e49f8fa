import { expect, type Page } from "@playwright/test";
import { orderStatus, refFromUrl, sandboxCheckout } from "./topup";

// One purchase per product as a buyer makes it in the browser, from the product's page to the
// order page after the sandbox checkout, with the emulator's ids that fulfil on every reading of
// the API documents (none of the sandbox's forced-outcome IMEIs or failing items). Each answers
// the order reference. The journeys' own promises are proven by each product's spec.

/** Apple iPhone 13 on EE, United Kingdom (emulator/unlock/README.md "The well-known pair"). */
export const UNLOCK_PAIR = "/unlock/1/1015/826/234030";
/** Instant Network Code: ready 10 s after placing on the emulator clock. */
export const UNLOCK_INSTANT_TOOL = 3;
/** A valid IMEI that is no sandbox test IMEI: an unlock ready at its time, a free clean IMEI report. */
export const ORDINARY_IMEI = "490154203237518";

/** After the sandbox Pay: the order page. */
async function payInSandbox(page: Page): Promise<string> {
  await page.waitForURL(/\/pay\/[^/]+$/);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/);
  return refFromUrl(page.url());
}

/** A plan's page → review (destination confirmed) → pay. */
export async function buyEsimPlan(page: Page, options: { planPath: string; destination: RegExp; email: string }): Promise<string> {
  await page.goto(options.planPath);
  await page.getByRole("link", { name: "Buy this plan" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("checkbox", { name: options.destination }).check();
  await page.getByRole("button", { name: /^Pay €/ }).click();
  return payInSandbox(page);
}

/** A brand's page → a value → review → pay. */
export async function buyGiftCard(page: Page, options: { brandPath: string; value: RegExp; email: string }): Promise<string> {
  await page.goto(options.brandPath);
  await page.getByRole("radio", { name: options.value }).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  return payInSandbox(page);
}

/** The unlock order form of one service on the well-known pair: the checklist, the IMEI, pay. */
export async function buyUnlock(page: Page, options: { tool: number; imei: string; email: string }): Promise<string> {
  await page.goto(`${UNLOCK_PAIR}/${options.tool}`);
  await expect(page.getByRole("heading", { name: "Your IMEI and payment", level: 1 })).toBeVisible();
  await page.getByRole("checkbox", { name: /locked to EE/ }).check();
  await page.getByRole("checkbox", { name: /unlock attempts left/ }).check();
  await page.getByRole("checkbox", { name: /not reported lost or stolen/ }).check();
  await page.getByRole("textbox", { name: "IMEI" }).fill(options.imei);
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  return payInSandbox(page);
}

/** The IMEI check form: the IMEI, pay. */
export async function buyImeiCheck(page: Page, options: { imei: string; email: string }): Promise<string> {
  await page.goto("/imei-check");
  await page.getByRole("textbox", { name: "IMEI" }).fill(options.imei);
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  return payInSandbox(page);
}

/** The order page until the supplier has the order (placed) or already delivered it. */
export async function expectPlaced(page: Page): Promise<void> {
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 20_000 });
}
