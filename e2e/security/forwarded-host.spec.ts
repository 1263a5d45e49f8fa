import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { hashPassword } from "../../lib/auth/password";
import { createDbClient } from "../../lib/db/create-client";
import { serverOf, uniqueEmail } from "../helpers/server";

// The shop's hosts and origins come from APP_URL only (docs/security.md, "Hosts and origins"):
// a request naming another host in X-Forwarded-Host (a client, or a cache or proxy passing the
// header through) gets no redirect, link or origin check built on it. The customer sign-in
// action is posted as the browser posts it (React's reply encoding of (state, form)); the e2e
// server's APP_URL is its base URL.

const EVIL = "evil.example";
const PASSWORD = "forwarded host e2e 1";

type ManifestEntry = { workers: Record<string, unknown>; exportedName?: string; filename?: string };

/** The build's id of the customer sign-in action (app/[locale]/(shop)/account/actions.ts#signInAction). */
function signInActionId(): string {
  const manifest = JSON.parse(readFileSync(join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, ManifestEntry>;
  };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.exportedName === "signInAction" && (entry.filename ?? "").includes("account/actions"),
  );
  if (!found) throw new Error("signInAction is not in the build's server-reference-manifest.json");
  return found[0];
}

/** A confirmed customer account in the e2e database, made with the app's own hash. */
async function makeCustomer(dataDir: string): Promise<string> {
  const db = createDbClient(`file:${join(process.cwd(), dataDir, "shop.db")}`);
  try {
    const email = uniqueEmail("forwarded-host");
    await db.user.create({
      data: { email, role: "customer", emailVerifiedAt: new Date(), passwordHash: await hashPassword(PASSWORD) },
    });
    return email;
  } finally {
    await db.$disconnect();
  }
}

/** The sign-in form as the browser posts it: signInAction(state, form) as React's reply rows, the form's fields first and the argument list ("0") last. */
function signInBody(email: string, password: string): FormData {
  const form = new FormData();
  form.set("_1_next", "/account");
  form.set("_1_email", email);
  form.set("_1_password", password);
  form.set("0", JSON.stringify([{}, "$K1"]));
  return form;
}

function postSignIn(baseURL: string, headers: Record<string, string>, body: FormData): Promise<Response> {
  return fetch(`${baseURL}/account/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Next-Action": signInActionId(), Accept: "text/x-component", ...headers },
    body,
  });
}

/**
 * `url` is on APP_URL's origin. Next.js writes a loopback host (127.0.0.1, [::1]) as "localhost"
 * in the URLs it hands route handlers (NextURL), so for the e2e servers' loopback APP_URL
 * "localhost" stands for it; scheme and port must be APP_URL's.
 */
function sameSite(url: string, origin: string): boolean {
  const a = new URL(url);
  const b = new URL(origin);
  const loopback = (host: string) => ["localhost", "127.0.0.1", "[::1]"].includes(host);
  return (
    a.protocol === b.protocol &&
    a.port === b.port &&
    (a.hostname === b.hostname || (loopback(a.hostname) && loopback(b.hostname)))
  );
}

const sessionCookieSet = (response: Response) =>
  response.headers
    .getSetCookie()
    .some((cookie) => /^authjs\.session-token=[^;]+/.test(cookie) && !cookie.startsWith("authjs.session-token=;"));

test("the sign-in action from a page on the forwarded host (X-Forwarded-Host and Origin: evil.example) is refused with a 403", async ({
  baseURL,
}, testInfo) => {
  const email = await makeCustomer(serverOf(testInfo).dataDir);
  const response = await postSignIn(
    baseURL!,
    { Origin: `http://${EVIL}`, "X-Forwarded-Host": EVIL },
    signInBody(email, PASSWORD),
  );
  expect(response.status).toBe(403);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("FOREIGN_ORIGIN");
  expect(sessionCookieSet(response)).toBe(false);
});

// As a proxy passing the header through would send it: from a browser on the shop's own pages
// (Origin: APP_URL), and from a client that sends no Origin (Next.js lets those through).
for (const [label, origin] of [
  ["Origin: APP_URL", "app"],
  ["no Origin", null],
] as const) {
  test(`with X-Forwarded-Host: evil.example alone (${label}), the sign-in still signs in and redirects on APP_URL's host, never evil.example`, async ({
    baseURL,
  }, testInfo) => {
    const email = await makeCustomer(serverOf(testInfo).dataDir);
    const headers: Record<string, string> = { "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" };
    if (origin) headers.Origin = new URL(baseURL!).origin;
    const response = await postSignIn(baseURL!, headers, signInBody(email, PASSWORD));
    expect(response.status).toBeLessThan(400);
    // Signed in for real: the session cookie is set, and the action's redirect is the one Auth.js built.
    expect(sessionCookieSet(response)).toBe(true);
    const redirect = response.headers.get("x-action-redirect");
    expect(redirect, "the action redirects").toBeTruthy();
    const target = new URL(redirect!.split(";")[0]!, baseURL);
    expect(target.origin).toBe(new URL(baseURL!).origin);
    expect(target.pathname).toBe("/account");
    for (const [name, value] of response.headers) expect(`${name}: ${value}`).not.toContain(EVIL);
    expect(await response.text()).not.toContain(EVIL);
  });
}

test("pages and Auth.js's endpoints asked with X-Forwarded-Host: evil.example name APP_URL only, in links, Link headers and redirects", async ({
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const forwarded = {
    "X-Forwarded-Host": EVIL,
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Port": "443",
    Forwarded: `host=${EVIL};proto=https`,
  };
  // A catalog page from the page cache (twice: the second may be the front cache's copy), a page
  // rendered per request, the sign-in page, and a language redirect.
  for (const path of ["/giftcards", "/giftcards", "/contact", "/account/sign-in", "/es/topup"]) {
    const language = path.startsWith("/es/") ? "es" : "en";
    const response = await fetch(baseURL + path, {
      headers: { ...forwarded, Accept: "text/html", "Accept-Language": language },
      redirect: "manual",
    });
    expect(response.status, path).toBe(200);
    const link = response.headers.get("link");
    expect(link, `${path} has hreflang alternates`).toBeTruthy();
    // The alternates are absolute, Next.js's preloads relative: both on APP_URL.
    for (const href of link!.matchAll(/<([^>]+)>/g))
      expect(new URL(href[1]!, baseURL).origin, `${path} Link ${href[1]}`).toBe(origin);
    for (const [name, value] of response.headers) expect(`${name}: ${value}`, path).not.toContain(EVIL);
    expect(await response.text(), path).not.toContain(EVIL);
  }
  const languageRedirect = await fetch(`${baseURL}/topup`, {
    headers: { ...forwarded, Accept: "text/html", "Accept-Language": "es" },
    redirect: "manual",
  });
  expect(languageRedirect.status).toBe(307);
  expect(new URL(languageRedirect.headers.get("location")!, baseURL).origin).toBe(origin);

  // Auth.js: its sign-in redirect and the addresses it lists are on APP_URL.
  const signIn = await fetch(`${baseURL}/api/auth/signin`, { headers: forwarded, redirect: "manual" });
  expect(signIn.status).toBe(302);
  const location = new URL(signIn.headers.get("location")!, baseURL);
  expect(location.origin).toBe(origin);
  expect(location.pathname).toBe("/account/sign-in");
  expect(signIn.headers.get("location")).not.toContain(EVIL);
  const providers = (await (await fetch(`${baseURL}/api/auth/providers`, { headers: forwarded })).json()) as Record<
    string,
    { signinUrl: string; callbackUrl: string }
  >;
  expect(Object.keys(providers)).toEqual(["credentials"]);
  for (const { signinUrl, callbackUrl } of Object.values(providers)) {
    for (const url of [signinUrl, callbackUrl]) expect(sameSite(url, origin), url).toBe(true);
  }
});
