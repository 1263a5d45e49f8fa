import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { hashPassword } from "../../lib/auth/password";
import { createDbClient } from "../../lib/db/create-client";
import { serverOf, uniqueEmail } from "../helpers/server";

// Sign-in throttling and two-factor, as an attacker and a user see them. Every test uses fresh staff
// accounts (made in the e2e database with the app's own hash), so the shared e2e admin is never
// locked out or sent to set up two-factor.
// - 300 wrong passwords posted straight to Auth.js's credentials callback: none signs in, all but
//    the first 5 are refused unchecked, and the right password is refused too during the lockout
//    (with the form's "Too many attempts" message). Two-factor: enrol on /admin/security with a
//    code computed here, then sign in with password and code; "require for all staff" sends a
//    member without it to enrolment first.
// - A session cookie stops working after "sign out everywhere" in another browser, and after the
//    password is changed through a reset link.

const PASSWORD = "staff e2e password 1";
const SESSION_COOKIE = "authjs.session-token";

/** The e2e server's database (not helpers/admin.ts: it loads the order core, which is server-only). */
const appDbFor = (dataDir: string) => createDbClient(`file:${join(process.cwd(), dataDir, "shop.db")}`);

async function signInStaff(page: Page, email: string, password: string, next: string): Promise<void> {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?]/g, "\\?")}$`));
}

async function makeStaff(dataDir: string, role: "staff" | "admin" = "staff"): Promise<string> {
  const db = appDbFor(dataDir);
  try {
    const email = uniqueEmail(`sec-${role}`);
    await db.user.create({ data: { email, role, passwordHash: await hashPassword(PASSWORD) } });
    return email;
  } finally {
    await db.$disconnect();
  }
}

/** One POST to /api/auth/callback/credentials: the `code` Auth.js redirects with, or "signed-in". */
async function callback(
  request: APIRequestContext,
  csrfToken: string,
  fields: Record<string, string>,
): Promise<string> {
  const response = await request.post("/api/auth/callback/credentials", {
    form: { ...fields, csrfToken, callbackUrl: "/admin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location!, "http://x");
  const setsSession = response
    .headersArray()
    .some(
      (h) =>
        h.name.toLowerCase() === "set-cookie" &&
        h.value.startsWith(`${SESSION_COOKIE}=`) &&
        !h.value.startsWith(`${SESSION_COOKIE}=;`),
    );
  const code = location.searchParams.get("code");
  if (code) expect(setsSession).toBe(false);
  return code ?? (setsSession ? "signed-in" : `no-session:${location.pathname}`);
}

async function csrf(request: APIRequestContext): Promise<string> {
  return ((await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
}

test("300 wrong passwords at the credentials endpoint: none signs in, the lock holds for the right password too", async ({
  playwright,
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = serverOf(testInfo);
  const email = await makeStaff(server.dataDir);
  const attacker = await playwright.request.newContext({ baseURL: server.baseURL });
  try {
    const token = await csrf(attacker);
    const codes: Record<string, number> = {};
    // In batches of 20 at once: parallel attempts must not slip past the limit either.
    for (let batch = 0; batch < 15; batch++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => callback(attacker, token, { email, password: `guess ${batch * 20 + i}` })),
      );
      for (const code of results) codes[code] = (codes[code] ?? 0) + 1;
    }
    expect(codes).toEqual({ invalid_login: 5, too_many_attempts: 295 });
    expect(await callback(attacker, token, { email, password: PASSWORD })).toBe("too_many_attempts");
  } finally {
    await attacker.dispose();
  }
  // The owner, in the sign-in form: the same refusal, with how long to wait.
  await page.goto("/admin/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // 300 attempts also spent the day's tier: the longest wait, 2 hours.
  await expect(page.getByRole("alert").filter({ hasText: "Too many attempts" })).toHaveText(
    "Too many attempts. Try again in 2 hours.",
  );
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test("a session ends after 'sign out everywhere' in another browser, and after a password reset", async ({
  browser,
  playwright,
}, testInfo) => {
  const server = serverOf(testInfo);
  const email = await makeStaff(server.dataDir);
  /** A second device: signed in through the credentials endpoint, keeping only its cookie. */
  const device = async () => {
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    expect(await callback(request, await csrf(request), { email, password: PASSWORD })).toBe("signed-in");
    expect((await request.get("/admin/security", { maxRedirects: 0 })).status()).toBe(200);
    return request;
  };
  const signedOutOn = async (request: APIRequestContext) => {
    const response = await request.get("/admin/security", { maxRedirects: 0 });
    expect(response.status()).toBeGreaterThanOrEqual(300);
    expect(response.headers().location).toContain("/admin/sign-in");
  };

  const other = await device();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInStaff(page, email, PASSWORD, "/admin/security");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in\?signedOut=everywhere/);
    await expect(page.getByRole("status")).toHaveText("You are signed out on every device.");
    await signedOutOn(other);
  } finally {
    await Promise.all([context.close(), other.dispose()]);
  }

  // A reset link (as an admin issues it) used to set a new password: the old session ends.
  const before = await device();
  const token = randomBytes(32).toString("base64url");
  const db = appDbFor(server.dataDir);
  try {
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await db.passwordLink.create({
      data: {
        userId: user.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        purpose: "reset",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
  } finally {
    await db.$disconnect();
  }
  const resetter = await browser.newContext();
  try {
    const page = await resetter.newPage();
    await page.goto(`/admin/set-password/${token}`);
    await page.getByLabel("New password", { exact: true }).fill("a new staff password 2");
    await page.getByLabel("New password again").fill("a new staff password 2");
    await page.getByRole("button", { name: /password/i }).click();
    await expect(page).toHaveURL(/\/admin\/sign-in\?password=set/);
    await signedOutOn(before);
  } finally {
    await Promise.all([resetter.close(), before.dispose()]);
  }
});

test("two-factor: enrol with a code from the app, then sign in with password and code; 'require for all staff' sends others to enrol", async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const server = serverOf(testInfo);
  const [email, adminEmail] = await Promise.all([makeStaff(server.dataDir), makeStaff(server.dataDir, "admin")]);
  const step = (offset: number) => Math.floor(Date.now() / 1000) + offset;

  const enrolling = await browser.newContext();
  let secret = "";
  try {
    const page = await enrolling.newPage();
    await signInStaff(page, email, PASSWORD, "/admin/security");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    secret = (await page.getByTestId("totp-key").innerText()).replace(/\s/g, "");
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByText("That code does not match")).toBeVisible();
    // The previous 30-second step's code (accepted: one step of clock drift either way).
    await page.getByLabel("Code from the app").fill(await generate({ secret, epoch: step(-30) }));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  } finally {
    await enrolling.close();
  }

  const signingIn = await browser.newContext();
  try {
    const page = await signingIn.newPage();
    await page.goto("/admin/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The password alone is not a session.
    await expect(page.getByLabel("Authentication code")).toBeVisible();
    expect((await signingIn.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    await page.getByLabel("Authentication code").fill(await generate({ secret, epoch: step(30) }));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  } finally {
    await signingIn.close();
  }

  // An admin requires two-factor for all staff: an admin without it is sent to set it up first.
  const adminContext = await browser.newContext();
  const db = appDbFor(server.dataDir);
  try {
    const page = await adminContext.newPage();
    await signInStaff(page, adminEmail, PASSWORD, "/admin/security");
    await page.getByRole("button", { name: "Require two-factor sign-in for all staff" }).click();
    await expect(page.getByRole("status").filter({ hasText: "now required" })).toBeVisible();
    await page.goto("/admin/orders");
    await expect(page).toHaveURL(/\/admin\/security\?required=1$/);
    await expect(
      page.getByRole("alert").filter({ hasText: "requires two-factor sign-in for all staff" }),
    ).toBeVisible();
    expect(await db.auditLog.count({ where: { action: "security.require_staff_totp", actorEmail: adminEmail } })).toBe(
      1,
    );
  } finally {
    // Never leave the requirement on for the other specs' admin.
    await db.setting.updateMany({ where: { key: "security.require_staff_totp" }, data: { value: "false" } });
    await db.$disconnect();
    await adminContext.close();
  }
});
