import { expect, test } from "@playwright/test";

// Help and policy pages linked from every page's footer; the
// favicon, app icons and web manifest; the home page's claims counted from the catalog; the
// phone menu closing once a link in it is chosen.

test("the footer links the help and policy pages, each a real page", async ({ page }) => {
  await page.goto("/");
  const help = page.getByRole("contentinfo").getByRole("navigation", { name: "Help" });
  for (const [name, heading] of [
    ["Questions and answers", "Questions and answers"],
    ["Refunds and cancellations", "Refunds and cancellations"],
    ["Contact", "Contact"],
    ["Terms of sale", "Terms of sale"],
    ["Privacy", "Privacy"],
  ] as const) {
    await help.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // The refund rules are per product, and the unlock's 10-minute window is named.
  await page.goto("/refunds");
  for (const section of ["Mobile top-ups", "Travel eSIMs", "Gift cards", "Device unlocks", "IMEI checks"])
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  await expect(page.getByText(/within 10 minutes of placing it/)).toBeVisible();
  await page.goto("/contact");
  await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
});

test("favicon, app icons and the web manifest are served", async ({ page, request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const parsed = (await manifest.json()) as {
    name: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(parsed.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of [...parsed.icons.map((i) => i.src), "/apple-touch-icon.png"]) {
    const file = await request.get(icon);
    expect(file.status(), icon).toBe(200);
    expect(file.headers()["content-type"], icon).toBe("image/png");
  }
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
});

test("the home page's eSIM claim is the catalog's own count", async ({ page }) => {
  await page.goto("/esim");
  const countries = await page.getByTestId("country-list").getByRole("link").count();
  const regions = await page.getByTestId("region-list").getByRole("link").count();
  await page.goto("/");
  await expect(page.getByTestId("claim-esim")).toHaveText(
    `${countries} ${countries === 1 ? "country" : "countries"} and ${regions} ${regions === 1 ? "region" : "regions"}`,
  );
  await expect(page.getByText("150+")).toHaveCount(0);
});

test("the phone menu closes once a link in it is chosen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByTestId("phone-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await menu.getByRole("link", { name: "Travel eSIM" }).click();
  await expect(page).toHaveURL(/\/esim$/);
  await expect(menu).not.toHaveAttribute("open");
  // Escape closes it too.
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open");
});
