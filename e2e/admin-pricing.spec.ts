import Database from "better-sqlite3";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { serverOf } from "./helpers/server";
import { inBothThemes, signInAsStaff } from "./helpers/staff";

// A pricing change shows the live example of the retail price
// as it is typed, and lands in the audit log with before and after.

type AuditRow = { actorEmail: string; action: string; targetId: string; before: string; after: string };

test("an admin changes the top-up margin: live example, saved, audited with before/after", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const email = await signInAsStaff(page, server, "admin");
  await page.goto("/admin/pricing");
  const form = page.getByRole("form", { name: "Mobile top-up margin" });
  const example = page.getByTestId("topup-example");
  const before = {
    percent: Number(await form.getByLabel("Margin (%)").inputValue()),
    fixed: await form.getByLabel("Fixed fee (EUR)").inputValue(),
  };

  await form.getByLabel("Margin (%)").fill("12.5");
  await form.getByLabel("Fixed fee (EUR)").fill("0.40");
  // ceil(1000 × 12.5 %) + 40 = 165 → €11.65, before anything is saved.
  await expect(example).toHaveText("Costs €10.00 → sells for €11.65 (margin €1.65).");
  await form.getByLabel("Example upstream cost (EUR)").fill("3.33");
  // ceil(333 × 12.5 %) = ceil(41.625) = 42, + 40 = 82.
  await expect(example).toHaveText("Costs €3.33 → sells for €4.15 (margin €0.82).");
  await form.getByLabel("Fixed fee (EUR)").fill("abc");
  await expect(example).toHaveText("Enter a valid margin and cost to see the retail price.");
  await form.getByRole("button", { name: /Save/ }).click();
  await expect(form.getByText("Enter an amount like 0.30")).toBeVisible();

  await form.getByLabel("Fixed fee (EUR)").fill("0.40");
  await form.getByRole("button", { name: /Save/ }).click();
  await expect(form.getByRole("status")).toHaveText("Margin saved.");
  await page.reload();
  await expect(form.getByLabel("Margin (%)")).toHaveValue("12.5");

  const db = new Database(join(server.dataDir, "shop.db"), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT actorEmail, action, targetId, before, after FROM "AuditLog" WHERE actorEmail = ? ORDER BY createdAt`,
      )
      .all(email) as AuditRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "pricing.update", targetId: "pricing.margin.topup" });
    expect(JSON.parse(rows[0]!.before)).toEqual({
      percent: before.percent,
      fixedMinor: Math.round(Number(before.fixed) * 100),
    });
    expect(JSON.parse(rows[0]!.after)).toEqual({ percent: 12.5, fixedMinor: 40 });
  } finally {
    db.close();
  }

  // Put the margin back so the other specs' prices stay as the seed has them.
  await form.getByLabel("Margin (%)").fill(String(before.percent));
  await form.getByLabel("Fixed fee (EUR)").fill(before.fixed);
  await form.getByRole("button", { name: /Save/ }).click();
  await expect(form.getByRole("status")).toHaveText("Margin saved.");
});

test("pricing is for admins: a staff member gets 403 and no link", async ({ page }, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "staff");
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Pricing" })).toHaveCount(
    0,
  );
  const response = await page.goto("/admin/pricing");
  expect(response?.status()).toBe(403);
});

test("the pricing page has no accessibility violations in light and dark", async ({ page }, testInfo) => {
  await signInAsStaff(page, serverOf(testInfo), "admin");
  await inBothThemes(page, async (theme) => {
    await page.goto("/admin/pricing");
    await expect(page.getByRole("heading", { name: "Pricing" })).toBeVisible();
    await expectNoAxeViolations(page, `pricing ${theme}`);
  });
});
