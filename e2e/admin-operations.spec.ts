import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { sellTopupAtCounter } from "./helpers/pos";
import { serverOf, uniqueEmail } from "./helpers/server";
import { inBothThemes, signInAsStaff } from "./helpers/staff";

// Credits (balance, history, the low-balance banner), reports and the catalog cache, as staff
// use them; and axe on each page in light and dark.

test("credits: the live balance and history; a threshold above the balance shows the banner on staff pages", async ({
  page,
}, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "staff");
  await page.goto("/admin/credits");
  const balanceText = (await page.getByTestId("credit-balance").textContent())!.trim();
  expect(balanceText).toMatch(/^€[\d,]+\.\d{2}$/);
  await expect(
    page.getByRole("table", { name: "Credit movements" }).or(page.getByText("No credit movements yet.")),
  ).toBeVisible();

  const balanceMinor = Math.round(Number(balanceText.replace(/[€,]/g, "")) * 100);
  const form = page.getByRole("form", { name: "Low-balance warning" });
  await form.getByLabel("Warn below (EUR)").fill("12,50");
  await form.getByRole("button", { name: "Save threshold" }).click();
  await expect(form.getByRole("alert")).toContainText("Enter an amount like 50");

  await form.getByLabel("Warn below (EUR)").fill(((balanceMinor + 100) / 100).toFixed(2));
  await form.getByRole("button", { name: "Save threshold" }).click();
  await expect(form.getByRole("status")).toHaveText("Threshold saved.");
  await page.goto("/admin/reports");
  await expect(page.getByRole("alert").filter({ hasText: "Low credit balance" })).toBeVisible();

  await page.goto("/admin/credits");
  await form.getByLabel("Warn below (EUR)").fill("");
  await form.getByRole("button", { name: "Save threshold" }).click();
  await expect(form.getByRole("status")).toHaveText("Warning switched off.");
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.getByText("Low credit balance")).toHaveCount(0);
});

test("reports count a counter sale today; a bad range is explained, not an error", async ({ page }, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "staff");
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/admin/reports?from=${today}&to=${today}`);
  const ordersBefore = Number(await page.getByTestId("report-orders").textContent());
  const total = await sellTopupAtCounter(page, uniqueEmail("report"));
  await page.goto(`/admin/reports?from=${today}&to=${today}`);
  await expect(page.getByTestId("report-orders")).toHaveText(String(ordersBefore + 1));
  await expect(page.getByRole("img", { name: /Sales per day/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Operators (top-up)" })).toContainText("1.");
  expect(total).toMatch(/^€/);

  await page.goto("/admin/reports?from=2026-02-30&to=nope");
  await expect(page.getByText("Enter both dates as valid days")).toBeVisible();
});

test("catalog cache: entries with age and hits, the request budget, refresh now", async ({ page }, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "staff");
  await page.goto("/topup"); // fills at least the top-up countries entry
  await page.goto("/admin/catalog");
  await expect(page.getByTestId("budget-commerce")).toHaveText(/^\d+ \/ \d+$/);
  const row = page.locator('tr[data-cache-key="topup.countries"]');
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Refresh now" }).click();
  await expect(row.getByRole("status")).toHaveText("Refreshed.");
  await expect(row).toContainText(/\d+ s/);
});

test("an unlocking call made by a staff action shows as the Unlocking API's last success", async ({
  page,
}, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "admin");
  await page.goto("/unlock"); // fills the unlock brands entry
  await page.goto("/admin/catalog");
  const row = page.locator('tr[data-cache-key="unlock.brands"]');
  await row.getByRole("button", { name: "Refresh now" }).click();
  await expect(row.getByRole("status")).toHaveText("Refreshed.");
  await page.goto("/admin/upstream");
  const unlockHealth = page
    .getByRole("region", { name: "Unlocking API health" })
    .or(page.locator('[aria-labelledby="health-unlock"]'));
  await expect(unlockHealth.getByText("Last successful call").locator("xpath=following-sibling::dd[1]")).not.toHaveText(
    "None recorded yet",
  );
});

test("credits, reports and catalog cache pages have no accessibility violations in light and dark", async ({
  page,
}, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "staff");
  await inBothThemes(page, async (theme) => {
    for (const path of ["/admin/credits", "/admin/reports", "/admin/catalog"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoAxeViolations(page, `${path} ${theme}`);
    }
  });
});
