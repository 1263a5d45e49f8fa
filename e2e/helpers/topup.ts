import { expect, type Page } from "@playwright/test";

// The top-up journey as a buyer walks it. +447400123456 is libphonenumber's example UK mobile;
// the emulator's carrier lookup maps its prefix to a UK operator, and its 15 GBP airtime rate
// fulfils (the emulator's failing test items are EE's two lowest rates, never chosen here).
// The journey: number → the operator's page (/topup/gb/1010-o2?phone=…) with the
// rates in tabs → the confirmation step, where the number is typed a second time.

export const TEST_PHONE = "+447400123456";
export const TEST_RATE = /15 GBP Airtime/;

/** Steps 1 and 2: number → operator and rates → a rate; ends on the review step with the number confirmed. */
export async function chooseTopup(
  page: Page,
  options: { phone?: string; rate?: RegExp; sms?: boolean } = {},
): Promise<void> {
  await page.goto("/topup");
  await page.getByRole("textbox", { name: "Phone number" }).fill(options.phone ?? TEST_PHONE);
  await page.getByRole("button", { name: "Find operator" }).click();
  // The operator's rates stream in after a carrier lookup and a rates read (from the upstream
  // on a cold cache): allow a loaded machine more than the default 5 s.
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("radio", { name: options.rate ?? TEST_RATE }).check();
  if (options.sms) await page.getByLabel(/Send the recipient an SMS/).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  // No submission id in the URL: a copied review link buys nothing.
  await expect(page).not.toHaveURL(/[?&]sub=/);
  await confirmNumber(page, options.phone ?? TEST_PHONE);
}

/** The confirmation step's second entry of the number (a top-up to a wrong number cannot be undone). */
export async function confirmNumber(page: Page, phone: string = TEST_PHONE): Promise<void> {
  await page.getByRole("textbox", { name: "Type the number again" }).fill(phone);
}

export function payButton(page: Page) {
  return page.getByRole("button", { name: /^Pay €/ });
}

/** Step 3: email and Pay; ends on the sandbox checkout page. */
export async function payOnReview(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await payButton(page).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
}

/** The sandbox checkout's three outcomes (app/(shop)/pay/[paymentId]): pay, decline, or leave. */
export async function sandboxCheckout(page: Page, outcome: "Pay" | "Decline" | "Abandon"): Promise<void> {
  const control = { Pay: "sandbox-pay", Decline: "sandbox-decline", Abandon: "sandbox-abandon" }[outcome];
  await page.getByTestId(control).click();
}

/** The order page's live status (data-status on the status block). */
export function orderStatus(page: Page) {
  return page.getByTestId("order-status");
}

export function refFromUrl(url: string): string {
  const match = /\/orders\/([A-Za-z0-9_-]+)/.exec(url);
  if (!match?.[1]) throw new Error(`not an order page: ${url}`);
  return match[1];
}

/**
 * A guest buys the test top-up with the sandbox payment and watches its order page until it
 * is fulfilled (the emulator clock is moved past its fulfillment delay).
 */
export async function buyTopupUntilFulfilled(
  page: Page,
  emulator: { advanceClock(ms: number): Promise<unknown> },
  email: string,
): Promise<void> {
  await chooseTopup(page);
  await payOnReview(page, email);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 15_000 });
  await emulator.advanceClock(5_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 25_000 });
}
