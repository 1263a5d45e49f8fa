import { expect, test, type Page } from "@playwright/test";
import { ADMIN, appDbFor, signInStaff } from "./helpers/admin";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { expectMails } from "./helpers/mail";
import { serverOf, uniqueEmail } from "./helpers/server";

// An admin invites a colleague; the link is mailed
// and shown once; the colleague chooses a password with it (checked inline), signs in, and the link does
// not work again. Later the admin issues a reset link: the old password stops working once the
// new one is set. Every step is audited.

async function choosePassword(page: Page, url: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?password=set$/);
  await expect(page.getByText("Your password is set.")).toBeVisible();
}

test("an invited colleague chooses a password from the link, once; a reset link replaces it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const adminContext = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const colleagueContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInStaff(admin, ADMIN.email, ADMIN.password, "/admin/staff");
    const email = uniqueEmail("invited").toLowerCase();
    await admin.getByLabel("Email").fill(email);
    await expect(admin.getByRole("radio", { name: /Invitation link/ })).toBeChecked();
    await expect(admin.getByLabel("Initial password", { exact: true })).toHaveCount(0);
    await admin.getByRole("button", { name: "Create staff account" }).click();
    await expect(admin.getByText(`Created ${email} (staff)`)).toBeVisible();
    const shown = admin.getByTestId("password-link");
    await expect(shown).toContainText(`Invitation link for ${email}`);
    await shown.getByRole("button", { name: "Copy link" }).click();
    const inviteUrl = await admin.evaluate(() => navigator.clipboard.readText());
    expect(inviteUrl).toMatch(/\/admin\/set-password\/[A-Za-z0-9_-]{43}$/);
    expect(await shown.locator("code").textContent()).toBe(inviteUrl);
    const row = admin.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("invited", { exact: true })).toBeVisible();
    await expectNoAxeViolationsLightAndDark(admin, "staff with an invitation link");

    // The invitation is mailed too: the colleague opens the link from the mail, the same
    // one the admin was shown. The account is named; the form checks as typed.
    const [invitation] = await expectMails(server, email, [/invited to the .* staff dashboard/]);
    const mailedUrl = /(https?:\/\/\S+\/admin\/set-password\/[A-Za-z0-9_-]{43})/.exec(invitation!.text ?? "")?.[1];
    expect(mailedUrl).toBe(inviteUrl);
    const colleague = await colleagueContext.newPage();
    await colleague.goto(mailedUrl!);
    await expect(colleague.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await expect(colleague.getByText(email)).toBeVisible();
    await colleague.getByLabel("New password", { exact: true }).fill("short");
    await colleague.getByRole("button", { name: "Set password" }).click();
    await expect(colleague.getByText("Use at least 10 characters.")).toBeVisible();
    await colleague.getByLabel("New password", { exact: true }).fill("colleague password 1");
    await colleague.getByLabel("New password again").fill("colleague password 2");
    await colleague.getByRole("button", { name: "Set password" }).click();
    await expect(colleague.getByText("The two passwords differ")).toBeVisible();
    await expectNoAxeViolationsLightAndDark(colleague, "set password with errors");
    await choosePassword(colleague, inviteUrl, "colleague password 1");
    await signInStaff(colleague, email, "colleague password 1");

    // The link worked once.
    await colleague.goto(inviteUrl);
    await expect(colleague.getByText("This link has already been used.")).toBeVisible();
    await expectNoAxeViolationsLightAndDark(colleague, "used link");

    // Locked out later: the admin issues a reset link (the row now says active).
    await admin.reload();
    await expect(row.getByText("active", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Reset link for ${email}` }).click();
    await expect(row.getByTestId("password-link")).toContainText(`Password reset link for ${email}`);
    const resetUrl = (await row.getByTestId("password-link").locator("code").textContent())!;
    expect(resetUrl).not.toBe(inviteUrl);
    const fresh = await browser.newContext();
    try {
      const page = await fresh.newPage();
      await page.goto(resetUrl);
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await choosePassword(page, resetUrl, "colleague password 3");
      // The old password no longer signs in; the new one does.
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("colleague password 1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByText("That email and password do not match an account.")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/sign-in/);
      await signInStaff(page, email, "colleague password 3");
    } finally {
      await fresh.close();
    }

    // Audited: who issued which link, and the colleague setting the password (twice).
    const db = appDbFor(server.dataDir);
    try {
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      const audit = await db.auditLog.findMany({ where: { targetId: user.id }, orderBy: { createdAt: "asc" } });
      expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
        ["staff.create", ADMIN.email],
        ["staff.password_link", ADMIN.email],
        ["staff.password_set", email],
        ["staff.password_link", ADMIN.email],
        ["staff.password_set", email],
      ]);
      expect(JSON.stringify(audit)).not.toContain(inviteUrl.split("/").pop()!);
    } finally {
      await db.$disconnect();
    }
  } finally {
    await Promise.all([adminContext.close(), colleagueContext.close()]);
  }
});
