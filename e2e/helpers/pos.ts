import { expect, type Page } from "@playwright/test";
import type { OrderRow, ShopDb } from "./db";
import { TEST_PHONE, TEST_RATE } from "./topup";

/**
 * Sells the test top-up at the point of sale (signed in as staff): number → rate → preview →
 * place. Returns the total shown in the preview. Ends on the "Sale placed" notice.
 */
export async function sellTopupAtCounter(page: Page, buyerEmail: string): Promise<string> {
  await page.goto("/admin/pos");
  await page.getByRole("textbox", { name: "Phone number" }).fill(TEST_PHONE);
  await page.getByRole("button", { name: "Find operator" }).click();
  await page.getByRole("radio", { name: TEST_RATE }).check();
  // Nothing can be placed before the preview is shown.
  await expect(page.getByRole("button", { name: /Place sale/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("Buyer pays");
  const total = (await page.getByTestId("pos-total").textContent())!.trim();
  await page.getByLabel("Buyer email (optional)").fill(buyerEmail);
  await page.getByRole("button", { name: `Place sale — paid at counter ${total}` }).click();
  await expect(page.getByText("Sale placed and paid at the counter.")).toBeVisible({ timeout: 20_000 });
  return total;
}

/**
 * The well-known unlock pair of the emulator (emulator/unlock/README.md): Apple (1) iPhone 13
 * (1015) on EE (234030), United Kingdom (826).
 */
export const UNLOCK_PAIR = { brand: "1", device: "1015", country: "826", network: "234030" } as const;

/** Unlock tab: chooses the well-known pair and shows its services. */
export async function chooseUnlockPair(page: Page): Promise<void> {
  await page.goto("/admin/pos?product=unlock");
  await page.getByLabel("Brand", { exact: true }).selectOption(UNLOCK_PAIR.brand);
  const device = page.getByLabel("Device", { exact: true });
  await expect(device).toBeEnabled();
  await device.selectOption(UNLOCK_PAIR.device);
  await page.getByLabel("Country of the network").selectOption(UNLOCK_PAIR.country);
  const network = page.getByLabel("Network it is locked to");
  await expect(network).toBeEnabled();
  await network.selectOption(UNLOCK_PAIR.network);
  await expect(page.getByRole("group", { name: "Unlock service" })).toBeVisible();
}

/** From a previewed sale: the buyer's email, "Place sale", the notice. Returns the total. */
export async function placePreviewedSale(page: Page, buyerEmail: string): Promise<string> {
  const total = (await page.getByTestId("pos-total").textContent())!.trim();
  await page.getByLabel("Buyer email (optional)").fill(buyerEmail);
  await page.getByRole("button", { name: `Place sale — paid at counter ${total}` }).click();
  await expect(page.getByText("Sale placed and paid at the counter.")).toBeVisible({ timeout: 20_000 });
  return total;
}

/** The buyer's one order from a counter sale, with one payment, taken at the counter. */
export function theCounterSale(db: ShopDb, buyerEmail: string): OrderRow {
  const orders = db.ordersByEmail(buyerEmail);
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  expect(db.payments(order.id).map((p) => [p.provider, p.status])).toEqual([["counter", "succeeded"]]);
  return order;
}

/** The five products the point of sale sells. */
export type CounterProduct = "topup" | "esim" | "giftcard" | "unlock" | "imeicheck";

/**
 * Fills the point of sale with a well-known item of `product` that the emulator completes
 * (UK top-up, the first eSIM plan, Steam UK 15 GBP, the instant unlock on the well-known pair
 * with a later-available IMEI, an IMEI check) and shows its preview.
 */
export async function previewCounterSale(page: Page, product: CounterProduct): Promise<void> {
  switch (product) {
    case "topup":
      await page.goto("/admin/pos");
      await page.getByRole("textbox", { name: "Phone number" }).fill(TEST_PHONE);
      await page.getByRole("button", { name: "Find operator" }).click();
      await page.getByRole("radio", { name: TEST_RATE }).check();
      break;
    case "esim": {
      await page.goto("/admin/pos?product=esim");
      const destination = page.getByLabel("Destination");
      await destination.selectOption((await destination.locator("option").nth(1).getAttribute("value"))!);
      await page.getByRole("group", { name: "Plan" }).getByRole("radio").first().check();
      break;
    }
    case "giftcard": {
      await page.goto("/admin/pos?product=giftcard");
      await page.getByLabel("Country").selectOption({ label: "United Kingdom" });
      const brand = page.getByLabel("Brand");
      await expect(brand).toBeEnabled();
      await brand.selectOption({ label: "Steam" });
      await page
        .getByRole("group", { name: "Card value" })
        .getByRole("radio", { name: /\b15 GBP gift card/ })
        .check();
      break;
    }
    case "unlock":
      await chooseUnlockPair(page);
      await page.getByRole("radio", { name: /^Instant Network Code · Instant/ }).check();
      await page.getByRole("textbox", { name: "IMEI" }).fill("490154203237518");
      break;
    case "imeicheck":
      await page.goto("/admin/pos?product=imeicheck");
      await page.getByRole("textbox", { name: "IMEI" }).fill("359405085972766");
      break;
  }
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" })).toContainText("Buyer pays");
}

/** Clicks "Place sale" for a previewed sale without waiting for its answer (a test may kill the app meanwhile). */
export async function clickPlaceSale(page: Page, buyerEmail: string): Promise<void> {
  const total = (await page.getByTestId("pos-total").textContent())!.trim();
  await page.getByLabel("Buyer email (optional)").fill(buyerEmail);
  await page.getByRole("button", { name: `Place sale — paid at counter ${total}` }).click({ noWaitAfter: true });
}
