import { expect, type Page } from "@playwright/test";
import { confirmNumber, orderStatus, payOnReview, refFromUrl, sandboxCheckout } from "./topup";

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
export async function buyEsimPlan(
  page: Page,
  options: { planPath: string; destination: RegExp; email: string },
): Promise<string> {
  await page.goto(options.planPath);
  await page.getByRole("link", { name: "Buy this plan" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("checkbox", { name: options.destination }).check();
  await page.getByRole("button", { name: /^Pay €/ }).click();
  return payInSandbox(page);
}

/**
 * A brand's page → its values in order, lowest first, the n-th (0-based) → review → pay. By
 * rank, not by name: a value the supplier names nothing for is named by the shop (C§2 "Rate" has
 * only a token, fees and totals: lib/products/giftcard/rate-name.ts).
 */
export async function buyGiftCard(
  page: Page,
  options: { brandPath: string; rank: number; email: string },
): Promise<string> {
  await page.goto(options.brandPath);
  await page.getByRole("group", { name: "Card value" }).getByRole("radio").nth(options.rank).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  return payInSandbox(page);
}

/**
 * Number → the operator's rates → the first rate of the tab shown → review with the number typed
 * again → pay. The first rate, whatever its name: the supplier may name none (the shop then names
 * it, lib/products/topup/rate-name.ts), so pick a number whose operator fulfils every rate.
 */
export async function buyTopup(page: Page, options: { phone: string; email: string }): Promise<string> {
  await page.goto("/topup");
  await page.getByRole("textbox", { name: "Phone number" }).fill(options.phone);
  await page.getByRole("button", { name: "Find operator" }).click();
  // The rates stream in after a carrier lookup and a rates read: more than the default 5 s on a loaded machine.
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("tabpanel").getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await confirmNumber(page, options.phone);
  await payOnReview(page, options.email);
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
