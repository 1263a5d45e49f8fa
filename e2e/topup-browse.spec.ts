import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import {
  chooseRate,
  enterNumber,
  expectAccessibleLightAndDark,
  expectShopImage,
  TopupDb,
} from "./helpers/topup-journey";
import { sandboxCheckout } from "./helpers/topup";
import { gotoUntilShown } from "./helpers/page-cache";

// Browse by country (/topup/{country} lists operators and products from the
// catalog search; the operator's page then asks for the number), "Not your operator?", the
// empty and error states, and axe on every page of the journey in light and dark.

test("browse by country: operators and products, an operator's rates, then the number", async ({ page }) => {
  await page.goto("/topup");
  await page
    .getByTestId("country-grid")
    .getByRole("link", { name: /^Germany\b/ })
    .click();
  await expect(page).toHaveURL(/\/topup\/de$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Mobile top-up in Germany/);
  const operators = page.getByTestId("operator-grid");
  for (const name of ["Telekom", "Vodafone", "O2"]) await expect(operators).toContainText(name);
  await expectShopImage(page, operators.locator("img").first());

  // The catalog search, narrowed on the page.
  const products = page.getByTestId("product-table");
  await expect(products).toContainText("Telekom 10 EUR Airtime");
  await page.getByRole("searchbox", { name: /Search the top-ups/ }).fill("10 GB");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/topup\/de\?q=10\+GB$/);
  await expect(products.getByRole("row")).not.toHaveCount(1);
  for (const link of await products.getByRole("link").allTextContents()) expect(link).toContain("10 GB");

  // The operator's page: a shareable URL with the country and the operator in the path.
  await page.goto("/topup/de");
  await operators.getByRole("link", { name: /Telekom/ }).click();
  await expect(page).toHaveURL(/\/topup\/de\/1090-telekom$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Telekom top-up");
  await chooseRate(page, { rate: /^20 EUR Airtime$/, continueLabel: "Continue" });

  // Then the number, with the operator's country already chosen; a number from elsewhere is refused.
  await expect(page.getByRole("heading", { name: "Enter the number to top up" })).toBeVisible();
  await expect(page.getByTestId("chosen-rate")).toContainText("20 EUR Airtime");
  await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue(/^Germany/);
  await page.getByRole("textbox", { name: "Phone number" }).fill("+33 6 12 34 56 78");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("operator in Germany");

  await page.getByRole("textbox", { name: "Phone number" }).fill("0151 23456789");
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await expect(page).toHaveURL(/\/topup\/de\/1090-telekom\?phone=%2B4915123456789&rate=tp_\w+$/);
  const summary = page.getByTestId("review-summary");
  for (const text of ["Telekom", "Germany", "+49 1512 3456789", "20 EUR Airtime", "€20.00"])
    await expect(summary).toContainText(text);
  // The lookup found another operator for this number: said, not imposed.
  await expect(page.getByTestId("operator-choice-note")).toContainText("we detected 1&1");

  // A link with an outdated name still lands on the operator's canonical URL.
  await page.goto("/topup/de/1090-old-name");
  await expect(page).toHaveURL(/\/topup\/de\/1090-telekom$/);
  for (const missing of ["/topup/zz", "/topup/gb/999999"]) {
    await page.goto(missing);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that top-up");
  }
});

test("not your operator: the buyer picks another of the country's operators for the number", async ({ page }) => {
  await enterNumber(page, "+447400123456");
  await expect(page.getByTestId("operator-name")).toHaveText("O2");
  await page.getByText("Not your operator?").click();
  await page.getByRole("list", { name: "Operators in United Kingdom" }).getByRole("link", { name: "Three" }).click();
  await expect(page).toHaveURL(/\/topup\/gb\/1030-three\?phone=%2B447400123456$/);
  await expect(page.getByTestId("operator-name")).toHaveText("Three");
  await expect(page.getByTestId("operator-choice-note")).toContainText("we detected O2");
  // Three has a promotion running in the emulator's catalog: highlighted above its rates.
  await expect(page.getByTestId("promotions")).toContainText("Bonus 35%");
  await chooseRate(page, { rate: /^15 GBP Airtime$/ });
  await expect(page.getByTestId("review-summary")).toContainText("Three");
});

test("a country without operators says so", async ({ page }) => {
  await page.goto("/topup/jp");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Mobile top-up in Japan/);
  await expect(page.getByTestId("no-operators")).toContainText("No operators in Japan yet");
  await expect(page.getByRole("link", { name: "See the countries we serve" })).toHaveAttribute("href", "/topup");
});

test("upstream down: a clear message and a retry link with nothing cached, the age of what is cached", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  try {
    // Nothing cached for Argentina yet, and the upstream answers 503 to every catalog read.
    await emulator.addFault({ method: "GET", path: "/v2/topup/**", kind: "status", status: 503 });
    await page.goto("/topup/ar");
    await expect(page.getByTestId("catalog-error").first()).toContainText("We cannot show the operators right now");
    await expect(page.getByRole("link", { name: "Try again" }).first()).toHaveAttribute("href", "/topup/ar");
    await emulator.clearFaults();

    // Kenya's Safaricom, cached, then two hours old while the upstream is down: shown with its age.
    await page.goto("/topup/ke/1470-safaricom");
    await expect(page.getByRole("radio", { name: /^500 KES Airtime$/ })).toBeVisible();
    const db = new TopupDb(server.dataDir);
    try {
      // The operator's rates carry its prices (C§4); its detail names it.
      for (const key of ["topup.rates?operatorId=1470", "topup.products?operatorId=1470"])
        db.ageCacheEntry(key, 2 * 60 * 60_000);
    } finally {
      db.close();
    }
    await emulator.addFault({ method: "GET", path: "/v2/topup/**", kind: "status", status: 503 });
    await gotoUntilShown(page, "/topup/ke/1470-safaricom", () =>
      expect(page.getByTestId("stale-notice")).toContainText("Prices as of 2 hours ago", { timeout: 1_000 }),
    );
    await expect(page.getByRole("radio", { name: /^500 KES Airtime$/ })).toBeVisible();
  } finally {
    await emulator.clearFaults();
  }
});

test("every page of the journey has no accessibility violations, light and dark", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const emulator = new EmulatorControls(serverOf(testInfo).emulatorUrl);
  await page.goto("/topup");
  await expectAccessibleLightAndDark(page, "phone step");
  await page.getByRole("combobox", { name: "Country" }).click();
  await expect(page.getByRole("listbox", { name: "Countries" })).toBeVisible();
  await expectNoAxeViolations(page, "country list open");
  await page.keyboard.press("Escape");
  await page.getByRole("textbox", { name: "Phone number" }).fill("+44 12");
  await page.getByRole("button", { name: "Find operator" }).click();
  await expectNoAxeViolations(page, "phone step with an error");

  await enterNumber(page, "+447400123456");
  await page.getByText("Not your operator?").click();
  await expectNoAxeViolations(page, "operator choice");
  await expectAccessibleLightAndDark(page, "rates");
  await chooseRate(page, { tab: "Data", rate: /^1 GB Data, 7 days$/, sms: true });
  await expectAccessibleLightAndDark(page, "confirmation");
  await page.getByRole("textbox", { name: "Type the number again" }).fill("07400 000000");
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page, "confirmation with a mismatch");

  await page.getByRole("textbox", { name: "Type the number again" }).fill("+447400123456");
  await page.getByLabel("Email").fill(uniqueEmail("axe"));
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await page.waitForURL(/\/pay\//);
  await expectAccessibleLightAndDark(page, "pay page");
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  await expectAccessibleLightAndDark(page, "order page");
  await emulator.advanceClock(5_000);

  await page.goto("/topup/gb");
  await expectAccessibleLightAndDark(page, "country page");
  await page.goto("/topup/jp");
  await expectAccessibleLightAndDark(page, "country without operators");
  await page.goto("/topup/gb/1010-o2");
  await chooseRate(page, { rate: /^15 GBP Airtime$/, continueLabel: "Continue" });
  await expectAccessibleLightAndDark(page, "browse: number step");
});
