import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { ShopDb } from "./helpers/db";
import { overflowOf } from "./helpers/layout";
import { expectNoSupplierHost } from "./helpers/supplier-host";
import { serverOf, uniqueEmail } from "./helpers/server";
import { orderStatus, refFromUrl, sandboxCheckout } from "./helpers/topup";

// IMEI check: the four sandbox IMEIs of the unlocking spec (section 8)
// through the browser — a blacklist report, a whitelist report, device data with payment
// required, an error (res.error while the envelope says OK) — and axe on every page, light
// and dark. A check without a full report is refunded (docs/orders.md, order core choices).

async function buyCheck(page: Page, imei: string, email: string): Promise<string> {
  await page.goto("/imei-check");
  await page.getByRole("textbox", { name: "IMEI" }).fill(imei);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/);
  return refFromUrl(page.url());
}

test("the IMEI form checks as typed and is axe-clean", async ({ page }) => {
  await page.goto("/imei-check");
  await expect(page.getByRole("heading", { name: "IMEI check", level: 1 })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "IMEI check: form");
  const imei = page.getByRole("textbox", { name: "IMEI" });
  await imei.fill("490154203237517");
  await expect(page.locator("#imei-error")).toContainText("check digit");
  await expect(imei).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolationsLightAndDark(page, "IMEI check: form with an error");
  await imei.fill("49-015420-323751-8");
  await expect(page.locator("#imei-error")).toHaveCount(0);
  // The server checks too: an empty IMEI sent anyway is answered inline.
  await imei.fill("");
  await page.getByLabel("Email").fill(uniqueEmail("imei-empty"));
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page.locator("#imei-error")).toContainText("Enter the 15-digit IMEI");
});

test("353047098598802: a free report, blacklisted, with lists, history and the PDF", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("imei-black");
  await buyCheck(page, "353047098598802", email);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 30_000 });
  const report = page.getByTestId("imeicheck-report");
  await expect(report.getByTestId("imeicheck-blacklist")).toHaveAttribute("data-blacklisted", "true");
  await expect(report).toContainText("Blacklisted: reported lost or stolen");
  await expect(report.getByRole("heading", { name: "Black list" })).toBeVisible();
  await expect(report.getByText("United Kingdom").first()).toBeVisible();
  await expect(report.getByText("Blocked").first()).toBeVisible();
  await expect(report.getByTestId("imeicheck-history").locator("tbody tr")).toHaveCount(10);
  // The PDF comes from the shop's own address (no supplier host a buyer can see).
  const ref = refFromUrl(page.url());
  const pdf = report.getByRole("link", { name: "PDF report (opens in a new tab)", exact: true });
  await expect(pdf).toHaveAttribute("href", `/orders/${ref}/files/report.pdf`);
  const file = await page.request.get(`/orders/${ref}/files/report.pdf`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectNoSupplierHost(page, serverOf(testInfo), "IMEI report");
  // Another visitor (no session, but the order is a guest's: the link is the key) gets it too; a made-up order does not.
  expect((await page.request.get(`/orders/NOSUCHORDER123/files/report.pdf`)).status()).toBe(404);
  await expect(report.getByTestId("imeicheck-device")).not.toContainText("Not identified");
  // On a 390 px phone the report fits; its history table scrolls inside its own box.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowOf(page)).toEqual({ excess: 0, culprit: null });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoAxeViolationsLightAndDark(page, "IMEI check: blacklist report");
  const db = new ShopDb(serverOf(testInfo).dataDir);
  try {
    expect(db.ordersByEmail(email)).toMatchObject([{ status: "fulfilled", upstreamStatus: "report" }]);
  } finally {
    db.close();
  }
});

test("359405085972766: a free report, not reported, white list with the meaning of each status", async ({ page }) => {
  test.setTimeout(90_000);
  await buyCheck(page, "359405085972766", uniqueEmail("imei-white"));
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 30_000 });
  const report = page.getByTestId("imeicheck-report");
  await expect(report.getByTestId("imeicheck-blacklist")).toHaveAttribute("data-blacklisted", "false");
  await expect(report).toContainText("Clean: not reported lost or stolen");
  await expect(report).toContainText("No network blocks this phone.");
  await expect(report.getByRole("heading", { name: "White list" })).toBeVisible();
  await expect(report.getByText(/^(Usable|Unconfirmed):/).first()).toBeVisible();
  await expect(report).toContainText("Unconfirmed: not confirmed by the industry body, but should be usable");
  await expect(report).toContainText("No events recorded for this IMEI.");
  await expectNoAxeViolationsLightAndDark(page, "IMEI check: whitelist report");
});

test("123456789876543: the report is sold separately: the check is refunded and the shop sells the full report", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.goto("/imei-check");
  // The story starts before paying: the refund rule and the full report's price are on the form's page.
  const rule = page.getByTestId("imeicheck-refund-rule");
  await expect(rule).toContainText("sells the blacklist report separately");
  const fullPrice = /€\d+\.\d{2}/.exec((await rule.textContent()) ?? "")?.[0];
  expect(fullPrice).toBeTruthy();

  await buyCheck(page, "123456789876543", uniqueEmail("imei-paid"));
  await expect(orderStatus(page)).toHaveAttribute("data-status", "refunded", { timeout: 30_000 });
  const report = page.getByTestId("imeicheck-report");
  await expect(report.getByTestId("imeicheck-device")).toContainText("123456789876543");
  await expect(report.getByTestId("imeicheck-device")).toContainText("Device data only");
  await expect(report.getByTestId("imeicheck-payment-required")).toContainText("sold separately");
  await expect(report.getByTestId("imeicheck-blacklist")).toHaveCount(0);
  // Never sent to buy it at the supplier's own address, and never the supplier's own wording.
  await expect(report.getByRole("link", { name: /Buy the full report/ })).toHaveCount(0);
  await expect(report).not.toContainText("Free report");
  await expect(page.getByTestId("status-reason")).toContainText("refunded");
  await expectNoAxeViolationsLightAndDark(page, "IMEI check: payment required");
  await expectNoSupplierHost(page, serverOf(testInfo), "IMEI check: payment required");

  // The shop sells it: the same price as the form's page said, through the shop's own payment.
  const buy = report.getByRole("button", { name: `Buy the full report: ${fullPrice}` });
  await buy.click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  await expect(page.getByText("Full report: blacklist status, network lists and history").first()).toBeVisible();
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 30_000 });
  const full = page.getByTestId("imeicheck-report");
  await expect(full.getByTestId("imeicheck-device")).toContainText("Full report");
  await expect(full.getByTestId("imeicheck-blacklist")).toHaveAttribute("data-blacklisted", "false");
  await expect(full.getByTestId("imeicheck-payment-required")).toHaveCount(0);
  await expect(page.getByTestId("imeicheck-full-report-offer")).toHaveCount(0);
  await expect(page.getByText(/€\d+\.\d{2}/).first()).toContainText(fullPrice!);
  await expectNoSupplierHost(page, serverOf(testInfo), "IMEI check: full report bought");
});

test("123456789987654: the recognition error from res.error is shown as an error, and refunded", async ({ page }) => {
  test.setTimeout(90_000);
  await buyCheck(page, "123456789987654", uniqueEmail("imei-error"));
  await expect(orderStatus(page)).toHaveAttribute("data-status", "refunded", { timeout: 30_000 });
  const errors = page.getByTestId("imeicheck-errors");
  await expect(errors).toContainText("could not recognise this IMEI");
  await expect(errors).toContainText("IMEI_NOT_RECOGNISED");
  await expect(page.getByTestId("imeicheck-blacklist")).toHaveCount(0);
  await expectNoAxeViolationsLightAndDark(page, "IMEI check: error");
});
