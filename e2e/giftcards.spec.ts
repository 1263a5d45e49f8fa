import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { join } from "node:path";
import { signUp } from "./helpers/accounts";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { orderFulfillment, ShopDb, storedFulfillment } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { expectNoSupplierHost } from "./helpers/supplier-host";
import { serverOf, uniqueEmail } from "./helpers/server";
import { orderStatus, refFromUrl, sandboxCheckout } from "./helpers/topup";
import { gotoUntilShown } from "./helpers/page-cache";

// A gift card bought (sandbox payment), its code revealed
// and copied, the reveal time shown; and axe finds nothing on every page of the journey, in
// light and dark. Plus the journey's promises: the code is not in the page before the buyer
// reveals it, the first reveal is recorded once, the catalog's empty and error states.
//
// Steam United Kingdom's two lowest values are the emulator's failing items (£5 fails, £10
// goes to manual revision: emulator/commerce/catalog/README.md); this test buys the £15 card.

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

/**
 * Makes a cached catalog entry three hours old and past its lifetime, as if the supplier had
 * not been reachable since: stands in for the passage of time (the brand lists live a day).
 */
function ageCatalogEntry(dataDir: string, key: string): void {
  const db = new Database(join(dataDir, "shop.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().replace("Z", "+00:00");
    // updatedAt moves as on every write the app makes: the page cache's watch reads by it.
    const changed = db
      .prepare(
        `UPDATE "CatalogCacheEntry" SET fetchedAt = ?, expiresAt = ?, updatedAt = ? WHERE key = ? AND value IS NOT NULL`,
      )
      .run(iso(3 * 3_600_000), iso(2 * 3_600_000), iso(0), key);
    expect(changed.changes, `cache entry ${key}`).toBe(1);
  } finally {
    db.close();
  }
}

test("a guest finds a gift card, buys it, reveals and copies the code; axe finds nothing on the way", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("giftcard");
  const createsBefore = await emulator.orderCreates();

  // Countries, with flags, and the brand search by name and country.
  await page.goto("/giftcards");
  await expect(page.getByRole("heading", { name: "Gift cards", level: 1 })).toBeVisible();
  await expect(page.getByTestId("country-list").getByRole("link", { name: /United Kingdom/ })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "gift cards: countries");

  await page.getByRole("searchbox", { name: "Brand" }).fill("steam");
  await page.getByRole("combobox", { name: "Country" }).selectOption({ label: "United Kingdom" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/giftcards\/gb\?q=steam$/);
  const results = page.getByTestId("brand-list");
  await expect(results.getByRole("link")).toHaveCount(1);
  await expect(results.getByRole("link", { name: /Steam/ })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "gift cards: search results");

  // The brand page: logo through the shop, description, region, redemption instructions.
  await results.getByRole("link", { name: /Steam/ }).click();
  await expect(page).toHaveURL(/\/giftcards\/gb\/steam$/);
  await expect(page.getByRole("heading", { name: "Steam gift card" })).toBeVisible();
  await expect(page.getByTestId("works-in").first()).toContainText("United Kingdom");
  await expect(page.getByTestId("redemption-instructions").first()).toContainText("Redeem a Steam Wallet Code");
  const logos = page.locator("main img");
  await expect(logos.first()).toHaveAttribute("src", /^\/api\/catalog-images\//);
  expect(await page.locator(`img[src^="${server.emulatorUrl}"]`).count()).toBe(0);
  await expectNoAxeViolationsLightAndDark(page, "gift cards: brand");

  // Choose a value → review with the server's quote.
  await page.getByRole("radio", { name: /^£15/ }).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]sub=/);
  const breakdown = page.getByTestId("price-breakdown");
  for (const row of ["£15 card", "Service fee", "Total"]) await expect(breakdown).toContainText(row);
  const total = (await page.getByTestId("price-total").textContent())?.trim() ?? "";
  expect(total).toMatch(/^€\d+\.\d{2}$/);
  const pay = page.getByRole("button", { name: /^Pay €/ });
  await expect(pay).toHaveText(`Pay ${total}`);
  await expectNoAxeViolationsLightAndDark(page, "gift cards: review");

  // Pay with the sandbox.
  await page.getByLabel("Email").fill(email);
  await pay.click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  // The payment page says what is being paid for, not just "Gift cards".
  await expect(page.getByText("Brand", { exact: true })).toBeVisible();
  await expect(page.getByText("Steam", { exact: true })).toBeVisible();
  await expect(page.getByText("Card value", { exact: true })).toBeVisible();
  await expect(page.getByText("£15", { exact: true })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "gift cards: payment page");
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  const ref = refFromUrl(page.url());

  // Placed with the supplier, then fulfilled once the emulator's clock moves on.
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 15_000 });
  await emulator.advanceClock(10_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 20_000 });
  const reveal = page.getByRole("button", { name: "Reveal code" });
  await expect(reveal).toBeVisible();

  const db = new ShopDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    expect(order).toMatchObject({ ref, status: "fulfilled" });
    const stored = orderFulfillment(server.dataDir, order!.id);
    const code = String(stored.redemptionCode ?? "");
    const url = String(stored.redemptionUrl ?? "");
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    // Sealed at rest: the stored row has neither the code nor its link in clear.
    expect(JSON.stringify(storedFulfillment(server.dataDir, order!.id))).not.toContain(code);
    expect(stored.codeRevealedAt).toBeUndefined();

    // Before the reveal, neither the code nor the link (which carries it) is in the page.
    const before = await (await page.request.get(`/orders/${ref}`)).text();
    expect(before).not.toContain(code);
    expect(before).not.toContain(url);
    expect(await page.content()).not.toContain(code);
    await expect(page.getByText("Hidden until you reveal it")).toBeVisible();
    await expectNoAxeViolationsLightAndDark(page, "gift cards: order page before the reveal");

    // Reveal: the code, the reveal time, copy.
    await reveal.click();
    const shown = page.getByTestId("giftcard-code");
    await expect(shown).toHaveText(code);
    await expect(page.getByTestId("giftcard-revealed-at")).toContainText("Revealed on");
    await page.getByRole("button", { name: "Copy code" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    // The supplier's redemption link (on its own host) is never shown to the buyer.
    await expect(page.getByRole("link", { name: /Redeem online/ })).toHaveCount(0);
    await expectNoSupplierHost(page, server, "gift card order page after the reveal");
    expect(await page.content()).not.toContain(url);
    await expectNoAxeViolationsLightAndDark(page, "gift cards: order page after the reveal");

    // The first reveal is recorded once: its time in the fulfillment, one timeline event.
    const revealedAt = String(orderFulfillment(server.dataDir, order!.id).codeRevealedAt ?? "");
    expect(Date.parse(revealedAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(db.events(order!.id).filter((e) => e.type === "code_revealed")).toEqual([
      expect.objectContaining({ source: "buyer", message: "Gift card code revealed" }),
    ]);

    // A later visit: hidden again, the first reveal's time shown; revealing again records nothing new.
    await page.reload();
    await expect(page.getByRole("button", { name: "Show code again" })).toBeVisible();
    await expect(page.getByTestId("giftcard-revealed-at")).toContainText("Revealed on");
    expect(await (await page.request.get(`/orders/${ref}`)).text()).not.toContain(code);
    await page.getByRole("button", { name: "Show code again" }).click();
    await expect(page.getByTestId("giftcard-code")).toHaveText(code);
    expect(orderFulfillment(server.dataDir, order!.id).codeRevealedAt).toBe(revealedAt);
    expect(db.events(order!.id).filter((e) => e.type === "code_revealed")).toHaveLength(1);
    // "What you bought" says which card it is.
    await expect(page.getByRole("heading", { name: "What you bought" })).toBeVisible();
    await expect(page.getByText("£15", { exact: true })).toBeVisible();

    expect(await emulator.debitsFor(order!.upstreamOrderId!)).toHaveLength(1);
  } finally {
    db.close();
  }
  expect((await emulator.orderCreates()) - createsBefore).toBe(1);
});

test("empty catalog states: a country without brands, a search without results, an unknown brand", async ({ page }) => {
  await page.goto("/giftcards/fi");
  await expect(page.getByTestId("empty-state")).toContainText("No gift cards for Finland yet");
  await expectNoAxeViolationsLightAndDark(page, "gift cards: country without brands");

  await page.goto("/giftcards/gb?q=zzzz");
  await expect(page.getByTestId("empty-state")).toContainText("No brands match “zzzz” in United Kingdom");
  await expectNoAxeViolationsLightAndDark(page, "gift cards: no search results");

  // A name alone searches every country: Steam's countries, each a link to its brand page.
  await page.goto("/giftcards?q=steam");
  await expect(page.getByTestId("search-results").getByRole("link", { name: /United Kingdom/ })).toHaveAttribute(
    "href",
    "/giftcards/gb/steam",
  );
  await expectNoAxeViolationsLightAndDark(page, "gift cards: search across countries");
  await page.goto("/giftcards?q=zzzz");
  await expect(page.getByTestId("empty-state")).toContainText("No brands match “zzzz”");

  await page.goto("/giftcards/gb/no-such-brand");
  await expect(page.getByRole("heading", { name: "We could not find that gift card" })).toBeVisible();
  // The numeric brand id is a way in too, and lands on the named address.
  await page.goto("/giftcards/gb/6056");
  await expect(page).toHaveURL(/\/giftcards\/gb\/steam$/);
});

test("with the supplier down, cached brands are shown with their age, and uncached ones get a clear message", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  await page.goto("/giftcards/ng");
  await expect(page.getByTestId("brand-list").getByRole("link").first()).toBeVisible();
  ageCatalogEntry(server.dataDir, "giftcard.brands?country=ng");

  await emulator.addFault({ method: "GET", path: "/v2/giftcards/brands", kind: "status", status: 503 });
  try {
    await gotoUntilShown(page, "/giftcards/ng", () =>
      expect(page.getByTestId("catalog-age")).toContainText("Catalog as of 3 hours ago", { timeout: 1_000 }),
    );
    await expect(page.getByTestId("brand-list").getByRole("link").first()).toBeVisible();
    await expectNoAxeViolationsLightAndDark(page, "gift cards: stale catalog");

    // Kenya was never cached: nothing to show but a clear message, and a way to try again.
    await page.goto("/giftcards/ke");
    await expect(page.getByTestId("catalog-error")).toContainText(/unavailable|try again/i);
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/giftcards/ke");
    await expectNoAxeViolationsLightAndDark(page, "gift cards: supplier down");
  } finally {
    await emulator.clearFaults();
  }
});

test("a signed-in buyer finds the account's email already on the review", async ({ page }) => {
  const email = uniqueEmail("giftcard-account");
  await signUp(page, email);
  await page.goto("/giftcards/us/amazon");
  await page.getByRole("radio").nth(1).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email.toLowerCase());
});

test("the brand page and its review have unique element ids (the redemption help is drawn once per layout width)", async ({
  page,
}) => {
  const duplicateIds = () =>
    page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const element of document.querySelectorAll("[id]")) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
      return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
    });
  await page.goto("/giftcards/gb/steam");
  await expect(page.getByRole("heading", { name: "How to redeem" }).first()).toBeAttached();
  expect(await duplicateIds()).toEqual([]);
  await page.getByRole("radio", { name: /^£15/ }).check();
  await page.getByRole("button", { name: "Continue to review" }).click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible({ timeout: 30_000 });
  expect(await duplicateIds()).toEqual([]);
});
