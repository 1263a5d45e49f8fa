import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import type { EmulatorControls } from "./emulator";
import { orderStatus, sandboxCheckout } from "./topup";

// The top-up journey as a buyer walks it: country selector, rates in tabs, the
// confirmation step with the number typed again. (The order core's specs use ./topup.ts.)

/** Picks a country in the selector by typing part of its name and pressing Enter (keyboard only). */
export async function pickCountry(page: Page, search: string, expected: string): Promise<void> {
  const combobox = page.getByRole("combobox", { name: "Country" });
  await combobox.focus();
  await combobox.pressSequentially(search);
  await expect(page.getByRole("listbox", { name: "Countries" })).toBeVisible();
  await combobox.press("Enter");
  await expect(combobox).toHaveValue(new RegExp(`^${expected}`));
}

/** Number → the operator's page with its rates. */
export async function enterNumber(
  page: Page,
  number: string,
  country?: { search: string; name: string },
): Promise<void> {
  await page.goto("/topup");
  if (country) await pickCountry(page, country.search, country.name);
  await page.getByRole("textbox", { name: "Phone number" }).fill(number);
  await page.getByRole("button", { name: "Find operator" }).click();
  // The operator's rates stream in after a carrier lookup and a rates read (from the upstream
  // on a cold cache): allow a loaded machine more than the default 5 s.
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible({ timeout: 20_000 });
}

/** A rate in a service type tab (reached with the arrow keys, as the tabs pattern says), then Continue. */
export async function chooseRate(
  page: Page,
  options: { tab?: string; rate: RegExp; sms?: boolean; continueLabel?: string },
): Promise<void> {
  if (options.tab) {
    const target = page.getByRole("tab", { name: options.tab });
    // The arrow keys do nothing until the tabs are hydrated, which can come after the streamed
    // rates are visible (a CI run pressed too early): each attempt walks from the first tab again.
    await expect(async () => {
      await page.getByRole("tab").first().focus();
      for (let i = 0; i < 3 && (await target.getAttribute("aria-selected")) !== "true"; i++)
        await page.keyboard.press("ArrowRight");
      expect(await target.getAttribute("aria-selected")).toBe("true");
    }).toPass({ timeout: 10_000 });
  }
  await page.getByRole("tabpanel").getByRole("radio", { name: options.rate }).check();
  if (options.sms) await page.getByLabel(/Send the recipient an SMS/).check();
  await page.getByRole("button", { name: options.continueLabel ?? "Continue to review" }).click();
  // The review shows (no submission id in its URL).
  if (!options.continueLabel) await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
}

/** An image on the page is served by the shop itself (never by the upstream's host) and loaded. */
export async function expectShopImage(page: Page, img: Locator): Promise<void> {
  const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc || el.src);
  const url = new URL(src, page.url());
  expect(url.origin).toBe(new URL(page.url()).origin);
  // <base64url upstream URL>.<signature> (lib/catalog/images.ts: only refs the shop signed are fetched).
  expect(url.pathname).toMatch(/^\/api\/catalog-images\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** Confirmation step → sandbox checkout → order page; returns the order page's path. */
export async function confirmAndPay(page: Page, options: { confirm: string; email: string }): Promise<string> {
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  await page.getByRole("textbox", { name: "Type the number again" }).fill(options.confirm);
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  return new URL(page.url()).pathname;
}

/** Waits for the emulator to deliver (its fulfillment runs a few seconds later on its clock). */
export async function expectDelivered(page: Page, emulator: EmulatorControls): Promise<void> {
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 15_000 });
  await emulator.advanceClock(5_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 20_000 });
}

/** axe on the page as it is, in the light and in the dark theme (each freshly loaded). */
export async function expectAccessibleLightAndDark(page: Page, label: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
    // The page has finished streaming its frame (a CI run checked a reloaded review before its
    // level-one heading had arrived).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `${label} (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

export function carrierLookups(counters: Record<string, number>): number {
  return Object.entries(counters)
    .filter(([route]) => route.startsWith("GET /v2/topup/carriers/lookup"))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** The e2e server's database, for what pages do not show: an order's stored detail, cache entries. */
export class TopupDb {
  private readonly db: Database.Database;

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, "shop.db"), { fileMustExist: true });
    this.db.pragma("busy_timeout = 5000");
  }

  close(): void {
    this.db.close();
  }

  ordersByEmail(
    email: string,
  ): Array<{ ref: string; status: string; detail: Record<string, unknown>; pricing: Record<string, unknown> }> {
    const rows = this.db
      .prepare(`SELECT ref, status, detail, pricing FROM "Order" WHERE customerEmail = ? ORDER BY createdAt`)
      .all(email.toLowerCase()) as Array<{ ref: string; status: string; detail: string; pricing: string }>;
    return rows.map((r) => ({
      ref: r.ref,
      status: r.status,
      detail: JSON.parse(r.detail) as Record<string, unknown>,
      pricing: JSON.parse(r.pricing) as Record<string, unknown>,
    }));
  }

  /**
   * Makes a cached catalog entry `ageMs` old and due, as if that much time had passed (written
   * in the column's own format): with the upstream failing, the page must show it with its age.
   * `updatedAt` moves too, as on every write the app makes (Prisma's @updatedAt): the page
   * cache's watch reads the entries written since its last look (lib/page-cache/invalidation.ts).
   */
  ageCacheEntry(key: string, ageMs: number): void {
    const row = this.db.prepare(`SELECT fetchedAt FROM "CatalogCacheEntry" WHERE key = ?`).get(key) as
      { fetchedAt: unknown } | undefined;
    if (!row) throw new Error(`no cache entry ${key}`);
    const at = (ms: number) =>
      typeof row.fetchedAt === "number" ? ms : new Date(ms).toISOString().replace("Z", "+00:00");
    const now = Date.now();
    this.db
      .prepare(
        `UPDATE "CatalogCacheEntry" SET fetchedAt = ?, expiresAt = ?, lastErrorAt = NULL, refreshingUntil = NULL, updatedAt = ? WHERE key = ?`,
      )
      .run(at(now - ageMs), at(now - ageMs + 60_000), at(now), key);
  }
}
