import { expect, type Page } from "@playwright/test";
import { confirmNumber, refFromUrl, sandboxCheckout, TEST_PHONE, TEST_RATE } from "../helpers/topup";

// One purchase of each product as a buyer walks it in the browser, from the product page to the
// order page (sandbox payment), on whichever app instance the page's context points at. Each
// answers the order's reference. The items are ones the emulator fulfils (never its failing
// test items).

export type Product = "topup" | "esim" | "giftcard" | "unlock" | "imeicheck";
export const PRODUCTS: Product[] = ["topup", "esim", "giftcard", "unlock", "imeicheck"];

/**
 * A valid IMEI (Luhn) near a serial number, so every unlock and check names its own device. The
 * emulator plans a refund for a check digit of 0 (emulator/unlock/README.md "Planned outcome by
 * IMEI"): the next serial is taken instead, so every order here can be fulfilled.
 */
export function imeiFor(serial: number): string {
  for (let n = serial; ; n++) {
    const body = `35${String(n % 1e12).padStart(12, "0")}`;
    const sum = [...body].map(Number).reduce((total, digit, i) => {
      const doubled = i % 2 === 1 ? digit * 2 : digit;
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
    const check = (10 - (sum % 10)) % 10;
    if (check !== 0) return `${body}${check}`;
  }
}

async function payAndFollow(page: Page, payButton: RegExp): Promise<string> {
  await page.getByRole("button", { name: payButton }).click();
  await page.waitForURL(/\/pay\/[^/]+$/, { timeout: 30_000 });
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/, { timeout: 30_000 });
  return refFromUrl(page.url());
}

export async function buy(page: Page, product: Product, email: string, serial: number): Promise<string> {
  switch (product) {
    case "topup": {
      await page.goto("/topup");
      await page.getByRole("textbox", { name: "Phone number" }).fill(TEST_PHONE);
      await page.getByRole("button", { name: "Find operator" }).click();
      await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible({ timeout: 30_000 });
      await page.getByRole("radio", { name: TEST_RATE }).check();
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible({ timeout: 30_000 });
      await confirmNumber(page);
      await page.getByLabel("Email").fill(email);
      return payAndFollow(page, /^Pay €/);
    }
    case "esim": {
      await page.goto("/esim/eu/eu-3gb-15d");
      await page.getByRole("link", { name: "Buy this plan" }).click();
      await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible({ timeout: 30_000 });
      await page.getByLabel("Email").fill(email);
      await page.getByRole("checkbox", { name: /I will use this eSIM in Europe/ }).check();
      return payAndFollow(page, /^Pay €/);
    }
    case "giftcard": {
      await page.goto("/giftcards/gb/steam");
      await page.getByRole("radio", { name: /^£15/ }).check();
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible({ timeout: 30_000 });
      await page.getByLabel("Email").fill(email);
      return payAndFollow(page, /^Pay €/);
    }
    case "unlock": {
      await page.goto("/unlock/1/1015/826/234030/3");
      await expect(page.getByRole("heading", { name: "Your IMEI and payment", level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByRole("checkbox", { name: /locked to EE/ }).check();
      await page.getByRole("checkbox", { name: /unlock attempts left/ }).check();
      await page.getByRole("checkbox", { name: /not reported lost or stolen/ }).check();
      await page.getByRole("textbox", { name: "IMEI" }).fill(imeiFor(serial));
      await page.getByLabel("Email").fill(email);
      return payAndFollow(page, /^Pay €/);
    }
    case "imeicheck": {
      await page.goto("/imei-check");
      await page.getByRole("textbox", { name: "IMEI" }).fill(imeiFor(serial));
      await page.getByLabel("Email").fill(email);
      return payAndFollow(page, /^Pay €/);
    }
  }
}
