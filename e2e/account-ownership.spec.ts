import { expect, test, type Browser, type Page } from "@playwright/test";
import { confirmationPath, PASSWORD, signUp } from "./helpers/accounts";
import { ShopDb } from "./helpers/db";
import { serverOf, uniqueEmail } from "./helpers/server";
import { chooseTopup, payOnReview, refFromUrl, sandboxCheckout } from "./helpers/topup";
import { mailsTo } from "./helpers/mail";

// Who owns an account and its orders (docs/accounts.md "Who sees an order", "Sign-up and
// confirmation"): a guest's order link keeps working after the order joins an account; an
// account made with someone else's address (in upper case) ends up with nothing once the
// address's owner confirms from the mailbox; "Sign out" ends the session on the server.

/** A guest pays for a top-up on the sandbox checkout; answers the order's reference. */
async function guestPays(page: Page, email: string): Promise<string> {
  await chooseTopup(page);
  await payOnReview(page, email);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  return refFromUrl(page.url());
}

/** The order page and status route as a browser that is not signed in sees them. */
async function expectOpensSignedOut(browser: Browser, ref: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    expect((await page.goto(`/orders/${ref}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "We could not find that order" })).toHaveCount(0);
    const status = await page.request.get(`/api/orders/${ref}/status`);
    expect(status.status()).toBe(200);
  } finally {
    await context.close();
  }
}

async function signInFails(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/account/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("That email and password do not match an account.");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in/);
}

test("a guest's order link keeps working after an account with that address is created and confirmed: signed out, in the guest's tab, and in the account", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const email = uniqueEmail("guest-joins");
  const guest = await browser.newContext();
  const owner = await browser.newContext();
  try {
    const guestPage = await guest.newPage();
    const ref = await guestPays(guestPage, email);

    const ownerPage = await owner.newPage();
    await signUp(ownerPage, email);
    await expect(ownerPage.getByTestId("email-confirmed")).toContainText(
      "1 earlier order placed with this address now appears in your account.",
    );
    const db = new ShopDb(server.dataDir);
    const [order] = db.ordersByEmail(email);
    db.close();
    expect(order?.userId).toBeTruthy();

    // The guest's open tab, reloaded; the status route it polls.
    expect((await guestPage.reload())?.status()).toBe(200);
    await expect(guestPage.getByRole("heading", { name: "We could not find that order" })).toHaveCount(0);
    expect((await guestPage.request.get(`/api/orders/${ref}/status`)).status()).toBe(200);
    // The receipt's link in a browser that is not signed in.
    await expectOpensSignedOut(browser, ref);
    // And in the account, where it is listed.
    await ownerPage.goto("/account");
    await expect(ownerPage.locator(`a[href="/orders/${ref}"]`)).toBeVisible();
    expect((await ownerPage.goto(`/orders/${ref}`))?.status()).toBe(200);
    expect((await ownerPage.request.get(`/api/orders/${ref}/status`)).status()).toBe(200);
  } finally {
    await Promise.all([guest.close(), owner.close()]);
  }
});

test("pre-hijacking: an account made with the victim's address in upper case gets no session, and nothing once the victim confirms from the mailbox", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const victimEmail = uniqueEmail("victim");
  const victim = await browser.newContext();
  const attacker = await browser.newContext();
  try {
    const victimPage = await victim.newPage();
    const ref = await guestPays(victimPage, victimEmail);
    const before = new Set((await mailsTo(server, victimEmail)).map((mail) => mail.id));

    // The attacker signs up with the victim's address in upper case: the same answer as anyone
    // gets, and no session.
    const attackerPage = await attacker.newPage();
    await attackerPage.goto("/account/sign-up");
    await attackerPage.getByLabel("Email").fill(victimEmail.toUpperCase());
    await attackerPage.getByRole("button", { name: "Create account" }).click();
    await expect(attackerPage.getByTestId("sign-up-sent")).toContainText(`We sent a link to ${victimEmail}.`);
    await attackerPage.goto("/account");
    await expect(attackerPage).toHaveURL(/\/account\/sign-in/);
    await signInFails(attackerPage, victimEmail.toUpperCase(), "attacker's chosen password");

    // The victim gets "Confirm your email", opens it and chooses a password.
    await victimPage.goto(await confirmationPath(server, victimEmail, before));
    await victimPage.getByLabel("Choose a password").fill(PASSWORD);
    await victimPage.getByRole("button", { name: "Confirm my email" }).click();
    await expect(victimPage.getByTestId("email-confirmed")).toContainText(
      "1 earlier order placed with this address now appears in your account.",
    );
    await expect(victimPage.locator(`a[href="/orders/${ref}"]`)).toBeVisible();

    // The attacker: no session that lists the orders, no password of theirs that signs in.
    await attackerPage.goto("/account");
    await expect(attackerPage).toHaveURL(/\/account\/sign-in/);
    await signInFails(attackerPage, victimEmail.toUpperCase(), "attacker's chosen password");
    await signInFails(attackerPage, victimEmail, PASSWORD.toUpperCase());
    // The victim keeps their links, signed in or not.
    expect((await victimPage.goto(`/orders/${ref}`))?.status()).toBe(200);
    await expectOpensSignedOut(browser, ref);
  } finally {
    await Promise.all([victim.close(), attacker.close()]);
  }
});

test("sign out ends the session on the server: a copy of its cookie taken before no longer signs in; another device stays signed in", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("sign-out");
  await signUp(page, email);
  const other = await browser.newContext();
  const copy = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto("/account/sign-in");
    await phone.getByLabel("Email").fill(email);
    await phone.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await phone.getByRole("button", { name: "Sign in" }).click();
    await expect(phone).toHaveURL(/\/account$/);

    const captured = await page.context().cookies();
    expect(captured.some((cookie) => cookie.name.includes("session-token"))).toBe(true);
    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).not.toHaveURL(/\/account/);

    // The cookie as it was before signing out, in another browser.
    await copy.addCookies(captured);
    const replay = await copy.newPage();
    await replay.goto("/account");
    await expect(replay).toHaveURL(/\/account\/sign-in/);
    // The other device's own session goes on.
    await phone.goto("/account");
    await expect(phone.getByText(`Signed in as ${email}`)).toBeVisible();
  } finally {
    await Promise.all([other.close(), copy.close()]);
  }
});
