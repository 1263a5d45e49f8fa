import { type Browser, expect, type Page, test } from "@playwright/test";
import { signUp } from "../helpers/accounts";
import { ShopDb } from "../helpers/db";
import { serverOf, uniqueEmail } from "../helpers/server";
import { refFromUrl, sandboxCheckout } from "../helpers/topup";

// No guest order can be taken over through its review's submission id (`sub`). A victim
// buys in one browser; an attacker in another browser replays everything the victim's browser
// had: the review URL from its history, the pay form's fields (with the submission id, posted
// as the form field), and that submission id in another product's form; signed out and signed
// in. The attacker must never be sent to the victim's order (where "Reveal code" shows the
// code): they start again or get a fresh order of their own (docs/orders.md, "Submissions
// belong to the browser that made them").

const IMEI = "490154203237518";

type Victim = {
  reviewUrl: string;
  fields: Record<string, string>;
  ref: string;
  orderId: string;
  submissionId: string;
  email: string;
};

/** The fields the pay form around the Pay button would post (what a copied form carries). */
async function payFormFields(page: Page): Promise<Record<string, string>> {
  return page.getByRole("button", { name: /^Pay €/ }).evaluate((button) => {
    const form = (button as HTMLButtonElement).form!;
    // The form's own fields (not React's action markers, not the email the buyer types).
    const entries = [...new FormData(form).entries()].filter(([k]) => !k.startsWith("$") && k !== "email");
    return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
  });
}

/** Pay on the page's form with extra fields added to it (as a hand-made POST of the form would). */
async function payWith(page: Page, extra: Record<string, string>): Promise<void> {
  await page.getByRole("button", { name: /^Pay €/ }).evaluate((button, fields) => {
    const form = (button as HTMLButtonElement).form!;
    for (const [name, value] of Object.entries(fields)) {
      form.querySelectorAll(`input[name="${name}"]`).forEach((input) => input.remove());
      const input = document.createElement("input");
      Object.assign(input, { type: "hidden", name, value });
      form.append(input);
    }
  }, extra);
  await page.getByRole("button", { name: /^Pay €/ }).click();
}

async function victimBuys(browser: Browser, dataDir: string, product: "giftcard" | "imeicheck"): Promise<Victim> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(`victim-${product}`);
  if (product === "giftcard") {
    await page.goto("/giftcards/gb/steam");
    await page.getByRole("radio", { name: /^£15/ }).check();
    await page.getByRole("button", { name: "Continue to review" }).click();
    await expect(page.getByRole("heading", { name: "Review and pay" })).toBeVisible();
  } else {
    await page.goto("/imei-check");
    await page.getByRole("textbox", { name: "IMEI" }).fill(IMEI);
  }
  const reviewUrl = page.url();
  const fields = await payFormFields(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/);
  const ref = refFromUrl(page.url());
  await context.close();
  const db = new ShopDb(dataDir, { readonly: true });
  try {
    const [order] = db.ordersByEmail(email);
    expect(order?.ref).toBe(ref);
    return {
      reviewUrl,
      fields,
      ref,
      orderId: order!.id,
      submissionId: fields.submissionId ?? order!.submissionId!,
      email,
    };
  } finally {
    db.close();
  }
}

/**
 * After the attacker's Pay: they are on a checkout or an order page of an order that is not the
 * victim's, or still on the form with a clear "start again" message. Never the victim's order.
 */
async function expectNotTakenOver(page: Page, victim: Victim, dataDir: string): Promise<void> {
  const startAgain = page.getByRole("alert").filter({ hasText: /out of date/ });
  await expect(async () => {
    expect(/\/(pay|orders)\/[^/]+$/.test(new URL(page.url()).pathname) || (await startAgain.count()) > 0).toBe(true);
  }).toPass({ timeout: 15_000 });
  expect(page.url()).not.toContain(victim.ref);
  await expect(page.getByText(victim.ref)).toHaveCount(0);
  const db = new ShopDb(dataDir, { readonly: true });
  try {
    // The victim's order has exactly the victim's one payment: no checkout was opened on it.
    expect(db.payments(victim.orderId)).toHaveLength(1);
    const paymentId = /\/pay\/([^/?]+)/.exec(page.url())?.[1];
    if (paymentId) expect(db.payments(victim.orderId).map((p) => p.id)).not.toContain(paymentId);
  } finally {
    db.close();
  }
}

test("a guest's gift card and IMEI check orders cannot be taken over from another browser", async ({
  browser,
}, testInfo) => {
  const server = serverOf(testInfo);
  const giftcard = await victimBuys(browser, server.dataDir, "giftcard");
  const imeiCheck = await victimBuys(browser, server.dataDir, "imeicheck");

  const attacker = await browser.newContext();
  const page = await attacker.newPage();
  try {
    // 1. The review URL from the victim's history, any email, Pay.
    for (const victim of [giftcard, imeiCheck]) {
      await page.goto(victim.reviewUrl);
      if (victim === imeiCheck) await page.getByRole("textbox", { name: "IMEI" }).fill(IMEI);
      await page.getByLabel("Email").fill(uniqueEmail("attacker"));
      await page.getByRole("button", { name: /^Pay €/ }).click();
      await expectNotTakenOver(page, victim, server.dataDir);
    }

    // 2. The victim's form posted as it was, with the victim's email and the order's submission id.
    await page.goto(giftcard.reviewUrl);
    await page.getByLabel("Email").fill(giftcard.email);
    await payWith(page, { ...giftcard.fields, submissionId: giftcard.submissionId });
    await expectNotTakenOver(page, giftcard, server.dataDir);

    // 3. Cross product: the gift card's submission id in the IMEI check's form.
    await page.goto("/imei-check");
    await page.getByRole("textbox", { name: "IMEI" }).fill(IMEI);
    await page.getByLabel("Email").fill(giftcard.email);
    await payWith(page, { submissionId: giftcard.submissionId });
    await expectNotTakenOver(page, giftcard, server.dataDir);
  } finally {
    await attacker.close();
  }
  // And nothing the victim's browser kept names the submission: not the URL, not the form.
  for (const victim of [giftcard, imeiCheck]) {
    expect(victim.reviewUrl).not.toMatch(/[?&]sub=/);
    expect(victim.fields).not.toHaveProperty("submissionId");
  }
});

test("a signed-in attacker cannot take over a guest's order either", async ({ browser }, testInfo) => {
  const server = serverOf(testInfo);
  const victim = await victimBuys(browser, server.dataDir, "giftcard");
  const attacker = await browser.newContext();
  const page = await attacker.newPage();
  try {
    await signUp(page, uniqueEmail("attacker-account"));
    await page.goto(victim.reviewUrl);
    await payWith(page, { ...victim.fields, submissionId: victim.submissionId });
    await expectNotTakenOver(page, victim, server.dataDir);
  } finally {
    await attacker.close();
  }
});
