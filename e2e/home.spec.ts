import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const PRODUCTS = ["Mobile top-up", "Travel eSIM", "Gift cards", "Device unlock", "IMEI check"];

test("home page presents the five products", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Everything your phone needs");
  const grid = page.getByRole("region", { name: "What would you like to do?" });
  for (const name of PRODUCTS) {
    await expect(grid.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  }
});

test("header navigation lists every product on desktop", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Products" }).first();
  for (const name of PRODUCTS) await expect(nav.getByRole("link", { name })).toBeVisible();
});

test("phone-width menu opens and lists every product", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.locator("summary", { hasText: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Products" }).last();
  for (const name of PRODUCTS) await expect(menu.getByRole("link", { name })).toBeVisible();
});

test("theme toggle switches to dark mode and remembers it", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: /light and dark theme/ }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("home page has no accessibility violations in light and dark mode", async ({ page }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${colorScheme}: ${v.id}: ${v.help}`)).toEqual([]);
  }
});

test("an unknown page answers 404 with a way back, in one page frame", async ({ page }) => {
  // An unknown address, and unknown products under a shop section (their page calls notFound()).
  for (const path of ["/no-such-page", "/unlock/999", "/unlock/1/99999", "/pay/pay_bogus"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: /could not find/ }), path).toBeVisible();
    await expect(page.getByRole("banner"), `${path}: one header`).toHaveCount(1);
    await expect(page.getByRole("contentinfo"), `${path}: one footer`).toHaveCount(1);
  }
  await page.goto("/no-such-page");
  await expect(page.getByRole("link", { name: "Back to the shop" })).toHaveAttribute("href", "/");
});
