import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { gotoUntilShown } from "./helpers/page-cache";
import { serverOf } from "./helpers/server";
import { signInAsStaff } from "./helpers/staff";

// The go-live check and the product switch in the browser (docs/admin.md "Go-live check and
// switching a product off"): an admin's "Check connection" answers all ok; with one catalog
// answer's field renamed (the emulator's rename-field control) it names the endpoint, the field
// and gift cards, and "Switch off gift cards" takes them off sale: the home card and the gift card
// pages say "temporarily unavailable" with no form, to a guest too (the cached pages). Switched on
// again, they sell. The rename and the switch are undone whatever happens: the main server is
// shared with the other specs (one worker, one spec at a time).

const RENAME = { method: "GET", path: "/v2/giftcards/countries", from: "data.*.iso_short_code", to: "iso_code" };

async function emulatorControl(emulatorUrl: string, method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${emulatorUrl}/__control${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} /__control${path}`).toBe(true);
}

/** Back on sale, written as the app writes it (its updatedAt moves: the page cache's watch reads by it). */
function giftcardsOnSale(dataDir: string): void {
  const db = new Database(join(dataDir, "shop.db"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(`UPDATE "Setting" SET value = 'on', updatedAt = ? WHERE key = 'product.sale.giftcard'`).run(
      new Date().toISOString().replace("Z", "+00:00"),
    );
  } finally {
    db.close();
  }
}

test("the go-live check names a renamed field's product; switched off, buyers see it unavailable; switched on, it sells", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = serverOf(testInfo);
  await signInAsStaff(page, server, "admin");
  await page.goto("/admin/upstream");
  const result = page.getByTestId("go-live-result");
  const check = page.getByRole("button", { name: "Check connection" });

  await check.click();
  await expect(result).toContainText("All products ok", { timeout: 60_000 });
  await expect(result.getByRole("row", { name: /^GET \/v2\/giftcards\/countries / })).toContainText("ok");

  await emulatorControl(server.emulatorUrl, "POST", "/rename-field", RENAME);
  try {
    await check.click();
    await expect(result).toContainText("Would fail: gift cards.", { timeout: 60_000 });
    await expect(result.getByRole("row", { name: /^GET \/v2\/giftcards\/countries / })).toContainText(
      "missing field data[0].iso_short_code",
    );
    await expect(result.getByRole("row", { name: /^GET \/v2\/topup\/countries / })).toContainText("ok");
    await expectNoAxeViolationsLightAndDark(page, "upstream: go-live check result");

    await result.getByRole("button", { name: "Switch off gift cards" }).click();
    await expect(result).toContainText("Gift cards are switched off");
    await expect(page.getByTestId("product-switch-giftcard")).toContainText("Switched off");
    await emulatorControl(server.emulatorUrl, "DELETE", "/rename-field");

    // A guest (no session: the cached pages) and the signed-in admin see the same.
    const guest = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
    for (const shopper of [guest, page]) {
      await gotoUntilShown(shopper, "/", () =>
        expect(shopper.getByTestId("unavailable-giftcard")).toHaveText("Temporarily unavailable", { timeout: 1_000 }),
      );
      await expect(shopper.getByTestId("unavailable-topup")).toHaveCount(0);
      for (const path of ["/giftcards", "/giftcards/gb", "/giftcards/gb/steam"]) {
        await gotoUntilShown(shopper, path, () =>
          expect(shopper.getByTestId("product-unavailable")).toContainText("Gift cards: temporarily unavailable", {
            timeout: 1_000,
          }),
        );
        await expect(shopper.locator("main form")).toHaveCount(0);
      }
    }
    await guest.close();

    await page.goto("/admin/upstream");
    await page.getByTestId("product-switch-giftcard").getByRole("button", { name: "Switch on gift cards" }).click();
    await expect(page.getByTestId("product-switch-message")).toHaveText("Gift cards are on sale again.");
    await expect(page.getByTestId("product-switch-giftcard")).toContainText("On sale");
    await gotoUntilShown(page, "/giftcards", () =>
      expect(page.getByTestId("product-unavailable")).toHaveCount(0, { timeout: 1_000 }),
    );
    await expect(page.getByRole("heading", { name: "Gift cards", level: 1 })).toBeVisible();
  } finally {
    await emulatorControl(server.emulatorUrl, "DELETE", "/rename-field");
    giftcardsOnSale(server.dataDir);
  }
});
