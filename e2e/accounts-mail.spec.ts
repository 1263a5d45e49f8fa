import { expect, test, type Browser } from "@playwright/test";
import { PASSWORD, signUp } from "./helpers/accounts";
import { EmulatorControls } from "./helpers/emulator";
import { expectMails, mailsTo, type InboxMail } from "./helpers/mail";
import { serverOf, uniqueEmail } from "./helpers/server";
import { buyTopupUntilFulfilled, refFromUrl } from "./helpers/topup";
import type { E2eServer } from "../playwright.config";

// Accounts by mail (docs/accounts.md): a guest's earlier orders join the account once the
// address is confirmed from the mailed link (where the password is chosen), and not before; a forgotten password is reset through the
// mailed link, and an old link and a used link are refused with a clear message.

/** The shop path a mail's button leads to (the buyer clicks it in their mail client). */
function linkIn(mail: InboxMail, path: RegExp): string {
  const href = [...(mail.html ?? "").matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!)
    .find((url) => path.test(new URL(url).pathname));
  expect(href, `a link to ${path} in "${mail.subject}"`).toBeDefined();
  return new URL(href!).pathname;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

async function mailsWithSubject(server: E2eServer, email: string, subject: string): Promise<InboxMail[]> {
  const mails = (await mailsTo(server, email)).filter((mail) => mail.subject === subject);
  return mails.sort(
    (a, b) => Date.parse(String((a as { time?: string }).time)) - Date.parse(String((b as { time?: string }).time)),
  );
}

test("a guest's earlier orders appear in the account once the address is confirmed from the mailed link, where the password is chosen; not before", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const email = uniqueEmail("verify");
  await buyTopupUntilFulfilled(page, new EmulatorControls(server.emulatorUrl), email);
  const ref = refFromUrl(page.url());

  // Sign-up takes the address only and gives no session: the account is not usable yet.
  await page.goto("/account/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("sign-up-sent")).toContainText(`We sent a link to ${email}.`);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in/);

  // The mailed link, opened in the mail client's browser: opening it changes nothing, the form does.
  const [confirmation] = await expectMails(server, email, [/^Confirm your email for /]);
  const { page: mailPage, close } = await newPage(browser);
  try {
    await mailPage.goto(linkIn(confirmation!, /^\/account\/verify-email\//));
    await mailPage.getByLabel("Choose a password").fill("short");
    await mailPage.getByRole("button", { name: "Confirm my email" }).click();
    await expect(mailPage.getByText("Use at least 10 characters.")).toBeVisible();
    await mailPage.getByLabel("Choose a password").fill(PASSWORD);
    await mailPage.getByRole("button", { name: "Confirm my email" }).click();
    await expect(mailPage.getByTestId("email-confirmed")).toContainText(`${email} is confirmed.`);
    await expect(mailPage.getByTestId("email-confirmed")).toContainText(
      "1 earlier order placed with this address now appears in your account.",
    );
    await expect(mailPage.locator(`a[href="/orders/${ref}"]`)).toBeVisible();
    // The same link again: already used.
    await mailPage.goto(linkIn(confirmation!, /^\/account\/verify-email\//));
    await expect(mailPage.getByTestId("link-problem")).toHaveAttribute("data-code", "USED");
  } finally {
    await close();
  }

  // The first browser signs in with the password chosen from the mailbox.
  await page.goto("/account/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator(`a[href="/orders/${ref}"]`)).toBeVisible();
});

test("a customer resets a forgotten password through the mailed link; an older link and a used link are refused", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const email = uniqueEmail("forgot");
  const { page: owner, close } = await newPage(browser);
  try {
    await signUp(owner, email);
  } finally {
    await close();
  }

  // Asked twice (the first mail seemed lost): only the newer link works.
  for (let i = 0; i < 2; i += 1) {
    await page.goto("/account/sign-in");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText(
      `If ${email} has an account here, we sent it a link`,
    );
    await expect
      .poll(async () => (await mailsWithSubject(server, email, "Reset your Relay password")).length, {
        timeout: 20_000,
      })
      .toBe(i + 1);
  }
  const [older, newer] = await mailsWithSubject(server, email, "Reset your Relay password");
  const olderPath = linkIn(older!, /^\/account\/reset-password\//);
  const newerPath = linkIn(newer!, /^\/account\/reset-password\//);
  expect(newerPath).not.toBe(olderPath);

  await page.goto(olderPath);
  await expect(page.getByTestId("link-problem")).toHaveAttribute("data-code", "EXPIRED");
  await expect(page.getByTestId("link-problem").getByRole("alert")).toHaveText(
    "This reset link has expired, or a newer one was sent. Ask for a new link: it works for an hour.",
  );
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  await page.goto(newerPath);
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/account\/sign-in\?reset=done/);
  await expect(page.getByText("Your new password is set, and every device was signed out.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);

  // The old password no longer works; the new one does.
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("do not match");
  await page.getByLabel("Password", { exact: true }).fill("a brand new password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The used link, opened again.
  await page.goto(newerPath);
  await expect(page.getByTestId("link-problem")).toHaveAttribute("data-code", "USED");
  await expect(page.getByTestId("link-problem").getByRole("alert")).toHaveText(
    "This reset link has already been used. Sign in with your new password, or ask for a new link.",
  );
});

test("settings: a new password keeps this browser signed in and ends the other device's session; a new address counts once confirmed from its mailbox", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const email = uniqueEmail("settings");
  await signUp(page, email);
  const { page: other, close } = await newPage(browser);
  try {
    await other.goto("/account/sign-in");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await other.getByRole("button", { name: "Sign in" }).click();
    await expect(other).toHaveURL(/\/account$/);

    await page.goto("/account");
    await page.getByRole("link", { name: "Settings" }).click();
    const passwordForm = page.getByRole("form", { name: "Change password" });
    await passwordForm.getByLabel("Current password").fill("not my password");
    await passwordForm.getByLabel("New password").fill("my second password");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect(passwordForm.getByText("That is not your current password.")).toBeVisible();
    await passwordForm.getByLabel("Current password").fill(PASSWORD);
    await passwordForm.getByLabel("New password").fill("my second password");
    await passwordForm.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. Every other device was signed out.")).toBeVisible();
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
    // The other device's session ended with the old password.
    await other.goto("/account");
    await expect(other).toHaveURL(/\/account\/sign-in/);
  } finally {
    await close();
  }

  // A new address: mailed there, and the account moves only once it is confirmed.
  const newEmail = uniqueEmail("settings-new");
  await page.goto("/account/settings");
  const emailForm = page.getByRole("form", { name: "Change email" });
  await emailForm.getByLabel("New email address").fill(newEmail);
  await emailForm.getByLabel("Current password").fill("my second password");
  await emailForm.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(emailForm.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const [confirmation] = await expectMails(server, newEmail, [/^Confirm your new email address$/]);
  // Confirming a change takes the account's password (the mailbox's owner may not be the account's).
  await page.goto(linkIn(confirmation!, /^\/account\/verify-email\//));
  await page.getByLabel("Your account's password").fill("not my password");
  await page.getByRole("button", { name: "Confirm the new address" }).click();
  await expect(page.getByText("That is not the password of the account that asked for this change.")).toBeVisible();
  await page.getByLabel("Your account's password").fill("my second password");
  await page.getByRole("button", { name: "Confirm the new address" }).click();
  await expect(page.getByTestId("email-confirmed")).toContainText(`Your account now uses ${newEmail}.`);
  await page.goto("/account");
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  await expectMails(server, email, [/uses a new email address$/]);
});
