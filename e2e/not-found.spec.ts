import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers/accounts";
import { uniqueEmail } from "./helpers/server";

// Every unknown product path answers HTTP 404 with one header and one footer, for
// every visitor: anonymous (the cached catalog pages), signed in and with a query (pages
// rendered per request, where a streamed loading state would send 200 before the page knows).

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

test("every unknown product path answers 404 in one page frame, anonymous, with a query and signed in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const path of UNKNOWN) await expectNotFound(page, path, "anonymous");
  for (const path of UNKNOWN) await expectNotFound(page, `${path}?q=x`, "with a query");
  await signUp(page, uniqueEmail("not-found"));
  for (const path of UNKNOWN) await expectNotFound(page, path, "signed in");
});

// The buyer pages' [locale] segment matches any first segment: before their own catch-alls, an
// unknown staff or API address was taken as a language and got Next's bare default 404.
test("an unknown staff address gets the staff 404 page, an unknown API address a JSON 404", async ({
  page,
  request,
}) => {
  const staff = await page.goto("/admin/no-such-page");
  expect(staff?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find that page");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  for (const method of ["GET", "POST", "DELETE"]) {
    const api = await request.fetch("/api/no-such-endpoint/1", { method });
    expect(api.status(), method).toBe(404);
    expect(await api.json(), method).toEqual({
      error: { code: "NOT_FOUND", message: "There is no API endpoint at this address." },
    });
  }
});

// The Nu HTML checker found not-found documents titled like the home page and with no language:
// each not-found document the server sends has its own title and a heading, in the address's
// language (the not-found files' metadata; lib/http/error-shell.mjs), and the page the browser
// shows is in that language. Anonymous visitors get
// the cached catalog pages' twins (app/[locale]/(catalog-cache)), a query the pages rendered
// per request (app/[locale]/(shop)).
const NOT_FOUND_TITLES = { en: "Page not found · Relay", es: "Página no encontrada · Relay" } as const;

test("every not-found document has its own title in the visitor's language, and the page shown is in that language", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const cases: Array<{ path: string; lang: keyof typeof NOT_FOUND_TITLES }> = [
    ...UNKNOWN.flatMap((path) => [
      { path, lang: "en" as const },
      { path: `/es${path}`, lang: "es" as const },
    ]),
    { path: "/esim/zz?q=x", lang: "en" },
    { path: "/es/topup/zz?q=x", lang: "es" },
    { path: "/admin/no-such-page", lang: "en" },
  ];
  for (const { path, lang } of cases) {
    const served = await request.get(path, { headers: { accept: "text/html" } });
    expect(served.status(), path).toBe(404);
    const html = await served.text();
    const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles, `${path}: the server's HTML`).toEqual([NOT_FOUND_TITLES[lang]]);
    // Readable before any script runs: the document names its language and says what happened.
    expect(html, `${path}: the server's HTML`).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    expect(html, `${path}: the server's HTML`).toMatch(/<h1[^>]*>[^<]+<\/h1>/);

    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
  }
});
