import { expect, test } from "@playwright/test";
import { signUp } from "../helpers/accounts";
import { uniqueEmail } from "../helpers/server";

// One visitor address may ask for 30 sign-ups within ten minutes (lib/auth/throttle.ts
// SIGN_UP_ADDRESS): each may make an account and send a mail. An attempt counts whatever the
// address typed, and the answer is the same for an address that already has an account as for
// a new one ("check your inbox": the form does not tell who has an account, docs/accounts.md).
// The 31st is refused with the wait, inline. The other specs' sign-ups each stand for a new
// visitor (e2e/helpers/accounts.ts).

test("the 31st sign-up from one address within ten minutes is refused with the wait; before that, a taken address gets the same answer as a new one", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("signup-limit");
  await signUp(page, email); // attempt 1, on fresh counters

  const visitor = await browser.newContext();
  try {
    const form = await visitor.newPage();
    const submit = async (address: string) => {
      await form.goto("/account/sign-up");
      await form.getByLabel("Email").fill(address);
      await form.getByRole("button", { name: "Create account" }).click();
    };
    for (let attempt = 2; attempt <= 30; attempt++) {
      await submit(email);
      await expect(form.getByTestId("sign-up-sent")).toContainText(`We sent a link to ${email}.`);
    }
    await submit(uniqueEmail("signup-limit-new"));
    await expect(form.getByText(/Too many attempts/)).toHaveText("Too many attempts. Try again in 10 minutes.");
    await expect(form.getByTestId("sign-up-sent")).toHaveCount(0);
    await expect(form).toHaveURL(/\/account\/sign-up/);
  } finally {
    await visitor.close();
  }
});
