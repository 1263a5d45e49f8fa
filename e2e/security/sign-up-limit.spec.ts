import { expect, test } from "@playwright/test";
import { signUp } from "../helpers/accounts";
import { uniqueEmail } from "../helpers/server";

// Every sign-up hashes a password (a few hundred ms of CPU and 128 MiB), so one address may
// try 30 within ten minutes (lib/auth/throttle.ts SIGN_UP_ADDRESS). An attempt counts before
// the email is looked up, so retrying a taken email spends the budget too (no hash, but a
// cheap way to probe which emails have accounts). The 31st is refused with the wait, inline.
// The other specs' sign-ups each stand for a new visitor (e2e/helpers/accounts.ts).

test("the 31st sign-up from one address within ten minutes is refused with the wait", async ({ page, browser }) => {
  const email = uniqueEmail("signup-limit");
  await signUp(page, email); // attempt 1, on fresh counters

  const visitor = await browser.newContext();
  try {
    const form = await visitor.newPage();
    await form.goto("/account/sign-up");
    const submit = async () => {
      // Each answer is awaited apart: the error shown must be this attempt's, not the last one's.
      const answered = form.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/account/sign-up"));
      await form.getByRole("button", { name: "Create account" }).click();
      await answered;
      // The answer is drawn after the response arrives, and React then resets the form: until the
      // password field is empty again, the message on screen may still be the last attempt's, and
      // a password typed now would be wiped before the next submit.
      await expect(form.getByLabel("Password")).toHaveValue("");
    };
    for (let attempt = 2; attempt <= 30; attempt++) {
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password").fill("another long password");
      await submit();
      await expect(form.getByText(/already exists|Too many attempts/)).toHaveText("An account with this email already exists. Sign in instead.");
    }
    await form.getByLabel("Email").fill(uniqueEmail("signup-limit-new"));
    await form.getByLabel("Password").fill("another long password");
    await submit();
    await expect(form.getByText(/Too many attempts/)).toHaveText("Too many attempts. Try again in 10 minutes.");
    await expect(form).toHaveURL(/\/account\/sign-up/);
  } finally {
    await visitor.close();
  }
});
