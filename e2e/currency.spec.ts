import { expect, test, type Page } from "@playwright/test";
import en from "../messages/en.json" with { type: "json" };
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { expectMails } from "./helpers/mail";
import { serverOf, uniqueEmail } from "./helpers/server";
import { signInAsStaff } from "./helpers/staff";
import { confirmNumber, orderStatus, refFromUrl, sandboxCheckout, TEST_PHONE, TEST_RATE } from "./helpers/topup";

// Currencies: a browser from a dollar country sees dollars, the header's switcher changes the
// currency on the same page and remembers it; a buyer pays a top-up and an eSIM in dollars, and the
// price shown, the payment, the order and the receipt mail agree to the cent; the admin reports
// show the dollar sales apart from the euro ones.

/** "US$12.31" (how English pages write dollars: en-GB, lib/i18n/formats.ts) → 1231. */
const cents = (text: string) => Number(/^US\$(\d+)\.(\d{2})$/.exec(text.trim())!.slice(1).join(""));

async function priceTotal(page: Page): Promise<string> {
  const total = (await page.getByTestId("price-total").textContent())?.trim() ?? "";
  expect(total).toMatch(/^US\$\d+\.\d{2}$/);
  return total;
}

/** Pay on the sandbox page, which shows the same total, and wait for the order page. */
async function payInSandbox(page: Page, total: string): Promise<string> {
  await page.waitForURL(/\/pay\/[^/]+$/);
  await expect(page.getByTestId("price-total")).toHaveText(total);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  await expect(orderStatus(page)).toHaveAttribute("data-status", /paid|placed|fulfilled/, { timeout: 15_000 });
  await expect(page.getByTestId("price-total")).toHaveText(total);
  return refFromUrl(page.url());
}

test.describe("a browser from a dollar country", () => {
  test.use({ locale: "en-US" });

  test("sees dollars; the switcher changes the currency on the same page, and the choice is remembered", async ({
    page,
  }) => {
    await page.goto("/esim/eu");
    await expect(page.getByTestId("plan-card").first()).toContainText("US$");
    await expect(page.getByTestId("currency-switcher")).toHaveAttribute("title", "Show prices in euros");
    await page.getByTestId("currency-switcher").click();
    await expect(page).toHaveURL(/\/esim\/eu$/);
    await expect(page.getByTestId("plan-card").first()).toContainText("€");
    await page.goto("/esim/eu");
    await expect(page.getByTestId("plan-card").first()).toContainText("€");
    await expect(page.getByTestId("currency-switcher")).toHaveAttribute("title", "Show prices in US dollars");
  });
});

test("a buyer pays a top-up and an eSIM in dollars: shown, paid, ordered and mailed to the cent; reports show dollars apart", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("usd");

  // A European browser chooses dollars in the header.
  await page.goto("/topup");
  await page.getByTestId("currency-switcher").click();
  await expect(page).toHaveURL(/\/topup$/);
  await expect(page.getByTestId("currency-switcher")).toHaveAttribute("title", "Show prices in euros");

  // The top-up: the rate's price, the review, the payment page and the order page, all in dollars.
  await page.getByRole("textbox", { name: "Phone number" }).fill(TEST_PHONE);
  await page.getByRole("button", { name: "Find operator" }).click();
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible({ timeout: 20_000 });
  const rate = page.getByRole("radio", { name: TEST_RATE });
  const ratePrice = /US\$\d+\.\d{2}/.exec(
    (await rate.evaluate((el) => el.closest("label")?.textContent ?? "")) ?? "",
  )?.[0];
  await rate.check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  const topupTotal = await priceTotal(page);
  expect(topupTotal).toBe(ratePrice);
  await expectNoAxeViolationsLightAndDark(page, "top-up review in dollars");
  await confirmNumber(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: `Pay ${topupTotal}` }).click();
  const topupRef = await payInSandbox(page, topupTotal);

  // The eSIM: the plan's price is the review's, the payment's and the order's.
  await page.goto("/esim/eu/eu-3gb-15d");
  const planPrice = (await page.getByTestId("plan-price").textContent())?.trim();
  await page.getByRole("link", { name: "Buy this plan" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  const esimTotal = await priceTotal(page);
  expect(esimTotal).toBe(planPrice);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox", { name: /I will use this eSIM in Europe/ }).check();
  await page.getByRole("button", { name: `Pay ${esimTotal}` }).click();
  const esimRef = await payInSandbox(page, esimTotal);

  // The database: the order and its payment in dollars, to the cent; the supplier's cost stays in euros.
  const db = new ShopDb(server.dataDir);
  try {
    const orders = db.ordersByEmail(email);
    expect(orders.map((o) => o.ref)).toEqual([topupRef, esimRef]);
    for (const [order, total] of [
      [orders[0]!, topupTotal],
      [orders[1]!, esimTotal],
    ] as const) {
      const money = db.money(order.id);
      expect(money).toMatchObject({ currency: "USD", retailAmount: cents(total), costCurrency: "EUR" });
      expect(money.payments).toEqual([{ amount: cents(total), currency: "USD", status: "succeeded" }]);
    }
  } finally {
    db.close();
  }

  // The receipts say the same totals.
  const receipt = (ref: string) => new RegExp(`^${en.Mail.receipt.subject.replace("{ref}", ref)}$`);
  const [topupMail, esimMail] = await expectMails(server, email, [receipt(topupRef), receipt(esimRef)]);
  expect(topupMail!.text).toContain(`${en.Mail.price.totalPaid}: ${topupTotal}`);
  expect(esimMail!.text).toContain(`${en.Mail.price.totalPaid}: ${esimTotal}`);

  // Staff see the dollar sales in their own tab of the reports, not added to the euros.
  await emulator.advanceClock(10_000);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await signInAsStaff(staff, server, "staff");
    await staff.goto("/admin/reports");
    await expect(staff.getByTestId("report-currency-EUR")).toHaveAttribute("aria-current", "page");
    const eurSales = await staff.getByTestId("report-sales").textContent();
    expect(eurSales).toMatch(/^€/);
    await staff.getByTestId("report-currency-USD").click();
    await expect(staff).toHaveURL(/currency=USD/);
    await expect(staff.getByTestId("report-currency-USD")).toHaveAttribute("aria-current", "page");
    const usdSales = cents((await staff.getByTestId("report-sales").textContent()) ?? "");
    // Only this spec buys in dollars.
    expect(usdSales).toBe(cents(topupTotal) + cents(esimTotal));
    await expectNoAxeViolationsLightAndDark(staff, "admin reports in dollars");
  } finally {
    await staffContext.close();
  }
});
