import { expect, test } from "@playwright/test";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import { chooseTopup, orderStatus, payOnReview, sandboxCheckout } from "./helpers/topup";

// A declined payment places no upstream order; an abandoned one expires cleanly (the payment
// lapses, the order is cancelled, nothing reaches the supplier). That the worker's later rounds
// leave a declined order alone is checked on the worker's own clock in
// lib/orders/worker-leaves-alone.int.test.ts; here, what the buyer sees once the decline is in.

test("a declined payment places no upstream order and the buyer can pay again", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("declined");
  const createsBefore = await emulator.orderCreates();

  await chooseTopup(page);
  await payOnReview(page, email);
  await sandboxCheckout(page, "Decline");

  const db = new ShopDb(server.dataDir);
  try {
    await expect
      .poll(() => db.ordersByEmail(email).flatMap((order) => db.payments(order.id).map((p) => p.status)), {
        timeout: 15_000,
      })
      .toEqual(["declined"]);
    const [order, ...others] = db.ordersByEmail(email);
    expect(others).toHaveLength(0);
    expect(order).toMatchObject({ status: "awaiting_payment", upstreamOrderId: null });
    expect(db.payments(order!.id).map((p) => p.status)).toEqual(["declined"]);
    expect(db.events(order!.id).map((e) => e.type)).toContain("payment_declined");

    // The order page says so and offers to pay again.
    await page.goto(`/orders/${order!.ref}`);
    await expect(orderStatus(page)).toHaveAttribute("data-status", "awaiting_payment");
    await expect(page.getByTestId("payment-state")).toContainText("declined");
    await expect(page.getByRole("button", { name: "Pay now" })).toBeVisible();
  } finally {
    db.close();
  }
  expect(await emulator.orderCreates()).toBe(createsBefore);
});

test("an abandoned payment expires cleanly: the order is cancelled and nothing is placed", async ({
  page,
}, testInfo) => {
  // The app's payment housekeeping runs with the worker once a minute (lib/orders/app-worker.ts).
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("abandoned");
  const createsBefore = await emulator.orderCreates();

  await chooseTopup(page);
  await payOnReview(page, email);
  await sandboxCheckout(page, "Abandon");

  const db = new ShopDb(server.dataDir, { readonly: false });
  try {
    const [order] = db.ordersByEmail(email);
    const [payment] = db.payments(order!.id);
    expect(payment?.status).toBe("pending");
    // The buyer never comes back: jump past the checkout's lifetime (PAYMENT_EXPIRY_MINUTES,
    // at least a minute) and let the app's own housekeeping (once a minute) notice.
    db.expirePaymentNow(payment!.id);

    await page.goto(`/orders/${order!.ref}`);
    await expect(orderStatus(page)).toHaveAttribute("data-status", "cancelled", { timeout: 75_000 });
    await expect(page.getByTestId("payment-state")).toContainText("not completed in time");
    await expect(page.getByRole("button", { name: "Pay now" })).toHaveCount(0);
    expect(db.payments(order!.id).map((p) => p.status)).toEqual(["expired"]);
    expect(db.order(order!.id)).toMatchObject({ status: "cancelled", upstreamOrderId: null });
  } finally {
    db.close();
  }
  expect(await emulator.orderCreates()).toBe(createsBefore);
});
