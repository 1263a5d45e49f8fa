import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers/accounts";
import { uniqueEmail } from "./helpers/server";

// Issue [15]: every unknown product path answers HTTP 404 with one header and one footer, for
// every visitor: anonymous (the cached catalog pages), signed in and with a query (pages
// rendered per request, where a streamed loading state used to send 200 before the page knew).

const UNKNOWN = [
  "/esim/zz",
  "/esim/eu/no-such-plan",
  "/topup/zz",
  "/topup/gb/999999",
  "/giftcards/es/nonexistent",
  "/unlock/999",
  "/unlock/1/99999",
  "/unlock/1/1015/826/234030/999",
  "/pay/pay_bogus",
  "/orders/NOSUCHORDER123",
  "/no-such-page",
];

async function expectNotFound(page: Page, path: string, who: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `${who}: ${path}`).toBe(404);
  await expect(page.locator("header"), `${who}: ${path}`).toHaveCount(1);
  await expect(page.locator("footer"), `${who}: ${path}`).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("We could not find that");
}

// Next.js answers notFound() with an empty shell the browser renders (vercel/next.js#62228): the
// inline theme script never runs there, and a dark-mode reader got a light page.
test("a dark-mode reader gets the dark theme on not-found pages too", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of ["/esim/zz", "/orders/NOSUCHORDER123", "/no-such-page"]) {
    await expectNotFound(page, path, "dark mode");
    await expect(page.locator("html"), path).toHaveClass(/\bdark\b/);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await expectNotFound(page, "/esim/zz", "light mode");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

test("every unknown product path answers 404 in one page frame, anonymous, with a query and signed in", async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of UNKNOWN) await expectNotFound(page, path, "anonymous");
  for (const path of UNKNOWN) await expectNotFound(page, `${path}?q=x`, "with a query");
  await signUp(page, uniqueEmail("not-found"));
  for (const path of UNKNOWN) await expectNotFound(page, path, "signed in");
});

// The buyer pages' [locale] segment matches any first segment: before their own catch-alls, an
// unknown staff or API address was taken as a language and got Next's bare default 404.
test("an unknown staff address gets the staff 404 page, an unknown API address a JSON 404", async ({ page, request }) => {
  const staff = await page.goto("/admin/no-such-page");
  expect(staff?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that page");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  for (const method of ["GET", "POST", "DELETE"]) {
    const api = await request.fetch("/api/no-such-endpoint/1", { method });
    expect(api.status(), method).toBe(404);
    expect(await api.json(), method).toEqual({ error: { code: "NOT_FOUND", message: "There is no API endpoint at this address." } });
  }
});
