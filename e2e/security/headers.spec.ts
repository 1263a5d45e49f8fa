import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { THEME_SCRIPT } from "../../lib/http/theme-script";

// The first admin (scripts/e2e-server.mjs sets ADMIN_EMAIL / ADMIN_PASSWORD).
const ADMIN = { email: "admin@e2e.example.com", password: "e2e admin password" } as const;

// Every kind of page (and the JSON routes) answers with a CSP that allows no inline script it
// did not name, no framing, nosniff, a Referrer-Policy, a Permissions-Policy, form-action and
// Cross-Origin-Resource-Policy (docs/security.md, "Headers"); and a page under that CSP runs
// without a violation. Pages rendered per request carry a fresh nonce; catalog pages served to
// anonymous visitors from the page cache (lib/http/cached-pages.ts) are one rendering for
// everyone, so their CSP lists the SHA-256 of each of the document's inline scripts instead
// (lib/http/inline-script-hashes.mjs).

type Headers = Record<string, string>;

function scriptSrc(csp: string): string {
  return (
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src ")) ?? ""
  );
}

function nonceOf(headers: Headers): string {
  return /'nonce-([^']+)'/.exec(scriptSrc(headers["content-security-policy"] ?? ""))?.[1] ?? "";
}

/** As a browser hashes an inline script: SHA-256 over its text's UTF-8 bytes. */
function inlineScriptHashesOf(html: string): string[] {
  const texts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1]!))
    .map((m) => m[2]!);
  return [...new Set(texts.map((text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`))];
}

function expectSecurityHeaders(headers: Headers, label: string, kind: "per-request" | "cached" = "per-request"): void {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${label}: CSP`).not.toBe("");
  expect(scriptSrc(csp), `${label}: no inline script the policy does not name`).not.toContain("'unsafe-inline'");
  if (kind === "per-request") {
    expect(nonceOf(headers), `${label}: script nonce`).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
  } else {
    // This origin's files and the hashes of the document's inline scripts (checked against its body by the caller).
    expect(scriptSrc(csp), `${label}: this origin's files and hashed inline scripts only`).toMatch(
      /^script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+$/,
    );
  }
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, `${label}: forms post to this origin (and Stripe's checkout)`).toContain("form-action 'self'");
  expect(headers["cross-origin-resource-policy"], label).toBe("same-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toContain("camera=()");
  // The e2e server's APP_URL is http: no HSTS (it is sent when APP_URL is https; unit-tested).
  expect(headers["strict-transport-security"], label).toBeUndefined();
  // Next.js's internal headers (its cache state, the proxy's rewrite target) stay inside.
  const internal = Object.keys(headers).filter((name) => /^x-(nextjs|middleware)-/i.test(name));
  expect(internal, `${label}: Next.js's internal headers`).toEqual([]);
}

/** A cached page's document: its CSP names exactly the hashes of its inline scripts. */
async function expectCachedDocument(answer: APIResponse, label: string): Promise<void> {
  expectSecurityHeaders(answer.headers(), label, "cached");
  const hashes = inlineScriptHashesOf(await answer.text());
  expect(hashes.length, `${label}: inline scripts`).toBeGreaterThan(1);
  expect(scriptSrc(answer.headers()["content-security-policy"] ?? ""), label).toBe(
    `script-src 'self' ${hashes.join(" ")}`,
  );
}

/** The first link on `path`'s HTML that goes one level deeper under `prefix`. */
async function firstLinkUnder(request: APIRequestContext, path: string, prefix: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`href="(${escaped}/[^"/?#]+)"`).exec(html)?.[1];
  expect(link, `a link under ${prefix} on ${path}`).toBeTruthy();
  return link!;
}

test("every page type and a JSON route carry the CSP (a fresh nonce unless served from the page cache) and the other security headers", async ({
  page,
  request,
}) => {
  const esimDestination = await firstLinkUnder(request, "/esim", "/esim");
  const giftcardCountry = await firstLinkUnder(request, "/giftcards", "/giftcards");
  const unlockBrand = await firstLinkUnder(request, "/unlock", "/unlock");
  const cachedPaths = [
    "/",
    "/topup",
    "/topup/gb",
    "/topup/gb/1010-o2",
    "/esim",
    esimDestination,
    await firstLinkUnder(request, esimDestination, esimDestination),
    "/giftcards",
    giftcardCountry,
    await firstLinkUnder(request, giftcardCountry, giftcardCountry),
    "/unlock",
    unlockBrand,
    "/imei-check",
  ];
  for (const path of cachedPaths) {
    const first = await request.get(path, { maxRedirects: 0 });
    expect(first.status(), path).toBeLessThan(500);
    await expectCachedDocument(first, path);
  }
  // A first rendering may have refreshed an entry another page showed (an old copy in the catalog
  // cache), and the page cache follows the database (lib/page-cache/invalidation.ts): once it
  // has, each page renders at most once more, so each is asked until a view is the cache's.
  for (const path of cachedPaths) {
    await expect(async () => {
      await request.get(path, { maxRedirects: 0 });
      const again = await request.get(path, { maxRedirects: 0 });
      await expectCachedDocument(again, path);
    }).toPass({ timeout: 20_000, intervals: [250, 500, 1_000] });
    // The front cache's copy (an Age header): its policy was computed once, for the copy.
    const copy = await request.get(path, { maxRedirects: 0 });
    await expectCachedDocument(copy, `${path} (copy)`);
    expect(copy.headers().age, `${path}: a copy from the front cache`).toMatch(/^\d+$/);
  }
  // A cached page's RSC payload (a client-side navigation) runs no inline script: the strict policy.
  const payload = await request.get("/topup", { headers: { rsc: "1" } });
  expect(payload.headers()["content-type"]).toContain("text/x-component");
  expectSecurityHeaders(payload.headers(), "/topup (RSC)", "cached");

  const paths = [
    // The same catalog pages with a query (a filter, a number) are rendered per request.
    "/esim?q=fr",
    "/topup?change=%2B447700900123",
    // The order and pay pages' answers for a link that matches nothing (their own not-found).
    "/orders/AAAAAAAAAAAAAAAAAAAAAAAA",
    "/pay/pay_doesnotexist",
    "/account/sign-in",
    "/account/sign-up",
    "/admin/sign-in",
    "/no-such-page",
    "/api/health",
    "/api/orders/AAAAAAAAAAAAAAAAAAAAAAAA/status",
  ];
  for (const path of paths) {
    const first = await request.get(path, { maxRedirects: 0 });
    expect(first.status(), path).toBeLessThan(500);
    expectSecurityHeaders(first.headers(), path);
    const again = await request.get(path, { maxRedirects: 0 });
    expect(nonceOf(again.headers()), `${path}: a new nonce per response`).not.toBe(nonceOf(first.headers()));
    if ((first.headers()["content-type"] ?? "").includes("text/html")) {
      // Every script the page ships carries this response's nonce, but the theme script, which
      // the CSP allows by the hash of exactly its text.
      const html = await first.text();
      const scripts = [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
        .filter((m) => m[2] !== THEME_SCRIPT)
        .map((m) => m[1]);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonceOf(first.headers())}"`);
    }
  }

  // A staff dashboard page, signed in.
  await page.goto("/admin/sign-in?next=%2Fadmin%2Forders");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const dashboard = await page.request.get("/admin/orders");
  expect(dashboard.status()).toBe(200);
  expectSecurityHeaders(dashboard.headers(), "/admin/orders");

  // A refused request (bad escape) and a build file get their headers too.
  const refused = await request.get("/topup/%ff%fe");
  expect(refused.status()).toBe(400);
  expectSecurityHeaders(refused.headers(), "400 page");
  const html = await (await request.get("/")).text();
  const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(chunk).toBeTruthy();
  expect((await request.get(chunk!)).headers()["x-content-type-options"]).toBe("nosniff");
  // The webhook receiver (not behind the proxy, which would buffer its body): static headers.
  const webhook = (await request.get("/api/webhooks/commerce")).headers();
  expect(webhook["x-content-type-options"]).toBe("nosniff");
  expect(webhook["content-security-policy"]).toContain("frame-ancestors 'none'");
});

/** Collects every CSP violation the page reports (the event, and the console's own message). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return violations;
}

/** The header's product links (wide screens; the phone menu holds the same links). */
const productsNav = (page: Page) => page.getByRole("navigation", { name: "Products", exact: true });
const themeToggle = (page: Page) => page.getByRole("button", { name: /theme|light|dark/i }).first();

test("pages under the CSP run without a violation: the theme script runs before paint and the toggle works", async ({
  page,
}) => {
  const violations = await watchViolations(page);

  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  // The inline theme script (allowed by its hash) ran: dark before any client code, so no white flash.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // Hydrated (Next's scripts ran): the toggle switches the theme.
  await themeToggle(page).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  for (const path of ["/topup/gb", "/giftcards", "/admin/sign-in"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});

test("cached catalog pages (hashed inline scripts) hydrate in light and dark theme, and the router moves between them and nonce pages, without a violation", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  // The purchase forms among the cached pages (the buyer's email, IMEI or number), and a list.
  const cached = ["/imei-check", "/topup", "/esim"];

  for (const theme of ["light", "dark"] as const) {
    await page.goto("/");
    await page.evaluate((chosen) => localStorage.setItem("theme", chosen), theme);
    for (const path of cached) {
      const answer = await page.goto(path);
      expect(scriptSrc(answer!.headers()["content-security-policy"] ?? ""), path).toMatch(
        /^script-src 'self'( 'sha256-[^']+')+$/,
      );
      // The theme script ran before paint (its hash), and the page hydrated (Next's inline
      // bootstrap and payload, by their hashes): the toggle works.
      if (theme === "dark") await expect(page.locator("html"), `${path} ${theme}`).toHaveClass(/\bdark\b/);
      else await expect(page.locator("html"), `${path} ${theme}`).not.toHaveClass(/\bdark\b/);
      await themeToggle(page).click();
      if (theme === "dark") await expect(page.locator("html"), `${path} toggled`).not.toHaveClass(/\bdark\b/);
      else await expect(page.locator("html"), `${path} toggled`).toHaveClass(/\bdark\b/);
      // Back to this round's theme for the next page.
      await themeToggle(page).click();
    }
  }

  // The router: from a cached page to a nonce page and back, in this one document (a marker on
  // window survives only a client-side navigation). Wide enough for the header's product links.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  const stillSameDocument = () =>
    page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);
  await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account\/sign-in/);
  await expect(page.getByLabel("Email")).toBeVisible();
  expect(await stillSameDocument()).toBe(true);
  await page.locator('header a[href="/"]').click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await productsNav(page).locator('a[href="/esim"]').click();
  await expect(page).toHaveURL(/\/esim$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(await stillSameDocument()).toBe(true);
  // Still interactive after the navigations.
  await themeToggle(page).click();
  await page.waitForLoadState("networkidle");

  // And from a nonce page's document into cached pages.
  await page.goto("/account/sign-in");
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await productsNav(page).locator('a[href="/giftcards"]').click();
  await expect(page).toHaveURL(/\/giftcards$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(await stillSameDocument()).toBe(true);
  await page.waitForLoadState("networkidle");

  expect(violations).toEqual([]);
});
