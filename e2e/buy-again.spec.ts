import { expect, test } from "@playwright/test";
import { signUp } from "./helpers/accounts";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import { buyTopupUntilFulfilled, refFromUrl } from "./helpers/topup";

// "Top up again" on a delivered top-up opens the review with the same number,
// operator and amount (today's price); a signed-in buyer saves the number as "Mum" and tops
// it up again from the account page.

test("'Top up again' on a delivered top-up opens the review with the same number, operator and amount; the number saved as Mum tops up from the account", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  await signUp(page, uniqueEmail("again"));
  await buyTopupUntilFulfilled(page, new EmulatorControls(server.emulatorUrl), "ignored@example.com");
  const ref = refFromUrl(page.url());
  // "What you bought": the operator as the order recorded it ("O2, United Kingdom").
  const operatorLine =
    (
      await page
        .locator("div", { has: page.locator("dt", { hasText: /^Operator$/ }) })
        .last()
        .locator("dd")
        .textContent()
    )?.trim() ?? "";
  expect(operatorLine).toMatch(/\S/);

  await page.getByTestId("buy-again").click();
  await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get("phone")).toBe("+447400123456");
  const summary = page.getByTestId("review-summary");
  await expect(summary).toContainText("+44 7400 123456");
  await expect(summary).toContainText(operatorLine.split(",")[0]!);
  await expect(summary).toContainText("15 GBP");

  // Saving the number from the order page, with a name.
  await page.goto(`/orders/${ref}`);
  const save = page.getByTestId("save-number");
  await save.getByRole("button", { name: "Save number" }).click();
  await expect(save.getByText("Give the number a name")).toBeVisible();
  await save.getByLabel(/^Name for/).fill("Mum");
  await save.getByRole("button", { name: "Save number" }).click();
  await expect(save).toContainText("Saved in your account as “Mum”.");
  await page.reload();
  await expect(page.getByTestId("save-number")).toContainText("Saved in your account as “Mum”.");

  // The account: the order with its own "Top up again", and Mum's number.
  await page.goto("/account");
  await expect(page.getByRole("link", { name: /^Top up again: Mobile top-up/ })).toBeVisible();
  const saved = page.getByTestId("saved-numbers");
  await expect(saved.getByText("Mum", { exact: true })).toBeVisible();
  await expect(saved.getByText("+44 7400 123456", { exact: true })).toBeVisible();
  await saved.getByRole("link", { name: "Top up Mum" }).click();
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible({ timeout: 20_000 });
  expect(new URL(page.url()).searchParams.get("phone")).toBe("+447400123456");

  // Removed, it is gone.
  await page.goto("/account");
  await page.getByTestId("saved-numbers").getByRole("button", { name: "Remove Mum" }).click();
  await expect(page.getByTestId("saved-numbers").getByText("Mum", { exact: true })).toHaveCount(0);
});
