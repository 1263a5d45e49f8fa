import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import {
  chooseTopup,
  orderStatus,
  payButton,
  payOnReview,
  refFromUrl,
  sandboxCheckout,
  TEST_PHONE,
} from "./helpers/topup";

// A guest buys a top-up with the sandbox payment and sees it
// fulfilled; the emulator's ledger shows exactly one debit. Plus the journey's own promises:
// inline errors for impossible numbers, the upstream's message for numbers it refuses, the
// server's price breakdown before paying, and nothing internal on the order page.

test("a guest buys a top-up with the sandbox payment, sees it delivered, and the supplier debits once", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("guest");
  const createsBefore = await emulator.orderCreates();

  await page.goto("/topup");
  await expectNoAxeViolations(page, "top-up: number");
  await chooseTopup(page, { sms: true });
  await expect(page.getByTestId("review-summary")).toContainText("United Kingdom");
  const breakdown = page.getByTestId("price-breakdown");
  for (const row of ["Top-up amount", "Service fee", "SMS notification", "Total"])
    await expect(breakdown).toContainText(row);
  const total = (await page.getByTestId("price-total").textContent())?.trim() ?? "";
  expect(total).toMatch(/^€\d+\.\d{2}$/);
  await expect(payButton(page)).toHaveText(`Pay ${total}`);
  await expectNoAxeViolations(page, "top-up: review");

  await payOnReview(page, email);
  await expect(page.getByText(total).first()).toBeVisible();
  await expectNoAxeViolations(page, "sandbox checkout");
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  const ref = refFromUrl(page.url());

  // Paid → placed with the supplier (credits) → the emulator fulfils 3 s later on its clock.
  await expect(orderStatus(page)).toHaveAttribute("data-status", /paid|placing|placed|fulfilled/);
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 15_000 });
  await emulator.advanceClock(5_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 20_000 });
  await expect(orderStatus(page)).toContainText("Delivered");
  // The server-rendered parts followed (router.refresh on the status change).
  await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible();
  await expect(page.getByText("Delivery to the number")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await expect(page.getByText("+44 7400 123456")).toBeVisible();
  await expectNoAxeViolations(page, "order page (delivered)");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expectNoAxeViolations(page, "order page (delivered, dark)");

  const db = new ShopDb(server.dataDir);
  try {
    const orders = db.ordersByEmail(email);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({ ref, status: "fulfilled", userId: null });
    expect(order?.upstreamOrderId).toBeTruthy();
    expect(await emulator.debitsFor(order!.upstreamOrderId!)).toHaveLength(1);
    expect(db.payments(order!.id).map((p) => p.status)).toEqual(["succeeded"]);
    // Nothing internal reaches the buyer on the order page: idempotency key ("order-<id>"), submission id.
    const html = await (await page.request.get(`/orders/${ref}`)).text();
    expect(html).not.toContain(`order-${order!.id}`);
    expect(html).not.toContain(order!.submissionId!);
  } finally {
    db.close();
  }
  expect((await emulator.orderCreates()) - createsBefore).toBe(1);
});

test("an impossible number gets an inline error before anything is looked up", async ({ page }) => {
  await page.goto("/topup");
  await page.getByRole("textbox", { name: "Phone number" }).fill("+44 12");
  await page.getByRole("button", { name: "Find operator" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("too short");
  await expect(page.getByRole("textbox", { name: "Phone number" })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/topup$/);

  await page.getByRole("textbox", { name: "Phone number" }).fill("07400 123456");
  await page.getByRole("button", { name: "Find operator" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("country code");
  await expectNoAxeViolations(page, "top-up: number with an error");
});

test("the server checks the number again, and shows the supplier's message for numbers it refuses", async ({
  page,
}) => {
  // Sent straight to the server (as without JavaScript): the same check, the same inline error.
  await page.goto(`/topup?phone=${encodeURIComponent("+4412")}`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("too short");

  // A London landline is a valid number, but not a mobile: the carrier lookup refuses it.
  await page.goto(`/topup?phone=${encodeURIComponent("+442079460000")}`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not a mobile number");
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toHaveCount(0);
});

test("a price token that is not one of the number's rates is refused", async ({ page }) => {
  await page.goto(`/topup?phone=${encodeURIComponent(TEST_PHONE)}&rate=tp_000000000000000000000000`);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("no longer offered");
  await expect(page.getByRole("heading", { name: "Choose an amount" })).toBeVisible();
});

test("the status route validates the reference and never caches", async ({ request }) => {
  const nonsense = await request.get("/api/orders/not%20a%20ref!/status");
  expect(nonsense.status()).toBe(400);
  expect(await nonsense.json()).toMatchObject({ error: { code: "INVALID_ORDER_REF" } });

  const unknown = await request.get("/api/orders/AAAAAAAAAAAAAAAAAAAAAAAA/status");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["cache-control"]).toContain("no-store");
  expect(await unknown.json()).toMatchObject({ error: { code: "ORDER_NOT_FOUND" } });
});

test("an unknown order page is a 404 that says so", async ({ page }) => {
  const response = await page.goto("/orders/AAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We could not find that order" })).toBeVisible();
});
