import { expect, test, type APIRequestContext } from "@playwright/test";
import { THEME_SCRIPT } from "../../lib/http/theme-script";
import { pageCacheFollows } from "../helpers/page-cache";

// The first admin (scripts/e2e-server.mjs sets ADMIN_EMAIL / ADMIN_PASSWORD).
const ADMIN = { email: "admin@e2e.example.com", password: "e2e admin password" } as const;

// Security finding 5 of issue [11]: every kind of page (and the JSON routes) answers with a CSP,
// no framing, nosniff, a Referrer-Policy and a Permissions-Policy; and a page under that CSP runs
// without a violation. Pages rendered per request carry a fresh nonce (never 'unsafe-inline' for
// scripts); catalog pages served to anonymous visitors from the page cache ([13],
// lib/http/cached-pages.ts) are one rendering for everyone, so their CSP has no nonce.

type Headers = Record<string, string>;

function scriptSrc(csp: string): string {
  return csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src ")) ?? "";
}

function nonceOf(headers: Headers): string {
  return /'nonce-([^']+)'/.exec(scriptSrc(headers["content-security-policy"] ?? ""))?.[1] ?? "";
}

function expectSecurityHeaders(headers: Headers, label: string, kind: "per-request" | "cached" = "per-request"): void {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${label}: CSP`).not.toBe("");
  if (kind === "per-request") {
    expect(nonceOf(headers), `${label}: script nonce`).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    expect(scriptSrc(csp), `${label}: no inline scripts without the nonce`).not.toContain("'unsafe-inline'");
  } else {
    expect(scriptSrc(csp), `${label}: this origin's scripts only`).toBe("script-src 'self' 'unsafe-inline'");
  }
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toContain("camera=()");
  // The e2e server's APP_URL is http: no HSTS (it is sent when APP_URL is https; unit-tested).
  expect(headers["strict-transport-security"], label).toBeUndefined();
}

/** The first link on `path`'s HTML that goes one level deeper under `prefix`. */
async function firstLinkUnder(request: APIRequestContext, path: string, prefix: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`href="(${escaped}/[^"/?#]+)"`).exec(html)?.[1];
  expect(link, `a link under ${prefix} on ${path}`).toBeTruthy();
  return link!;
}

test("every page type and a JSON route carry the CSP (a fresh nonce unless served from the page cache) and the other security headers", async ({ page, request }) => {
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
    expectSecurityHeaders(first.headers(), path, "cached");
  }
  // A first rendering may have refreshed an entry another page showed (an old copy in the catalog
  // cache), and the page cache follows the database (lib/page-cache/invalidation.ts): once it
  // has, each page renders at most once more.
  await pageCacheFollows();
  for (const path of cachedPaths) await request.get(path, { maxRedirects: 0 });
  for (const path of cachedPaths) {
    const again = await request.get(path, { maxRedirects: 0 });
    expectSecurityHeaders(again.headers(), path, "cached");
    // HIT, or STALE past its five minutes (served at once while it is rendered again).
    expect(["HIT", "STALE"], `${path}: served from the page cache`).toContain(again.headers()["x-nextjs-cache"]);
  }

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
      const scripts = [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)].filter((m) => m[2] !== THEME_SCRIPT).map((m) => m[1]);
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

test("pages under the CSP run without a violation: the theme script runs before paint and the toggle works", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });

  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  // The inline theme script (allowed by its hash) ran: dark before any client code, so no white flash.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // Hydrated (Next's nonced scripts ran): the toggle switches the theme.
  await page.getByRole("button", { name: /theme|light|dark/i }).first().click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  for (const path of ["/topup/gb", "/giftcards", "/admin/sign-in"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});
