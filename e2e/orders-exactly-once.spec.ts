import { expect, test } from "@playwright/test";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import { chooseTopup, confirmNumber, orderStatus, payButton, sandboxCheckout } from "./helpers/topup";

// Double-clicking pay and submitting from two tabs place one upstream order. One review carries
// one submission id (in its URL and form), so every copy of it makes the same local order; the
// payment and placement rules make that one upstream order.

test("double-clicking Pay makes one order and one upstream order", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("double");
  const createsBefore = await emulator.orderCreates();

  await chooseTopup(page);
  await page.getByLabel("Email").fill(email);
  await payButton(page).dblclick();
  await page.waitForURL(/\/pay\//);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\//);
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 15_000 });

  const db = new ShopDb(server.dataDir);
  try {
    const orders = db.ordersByEmail(email);
    expect(orders).toHaveLength(1);
    expect(db.payments(orders[0]!.id).filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(await emulator.debitsFor(db.order(orders[0]!.id).upstreamOrderId!)).toHaveLength(1);
  } finally {
    db.close();
  }
  expect((await emulator.orderCreates()) - createsBefore).toBe(1);
});

test("the same review paid from two tabs makes one order and one upstream order", async ({
  page,
  context,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("two-tabs");
  const createsBefore = await emulator.orderCreates();

  await chooseTopup(page);
  const second = await context.newPage();
  await second.goto(page.url());
  await confirmNumber(second);
  for (const tab of [page, second]) await tab.getByLabel("Email").fill(email);

  // Both tabs submit at once, then both pay at once.
  await Promise.all([payButton(page).click(), payButton(second).click()]);
  await Promise.all([page.waitForURL(/\/pay\//), second.waitForURL(/\/pay\//)]);
  await Promise.all([sandboxCheckout(page, "Pay"), sandboxCheckout(second, "Pay")]);
  await Promise.all([page.waitForURL(/\/orders\//), second.waitForURL(/\/orders\//)]);
  expect(new URL(page.url()).pathname).toBe(new URL(second.url()).pathname);
  await expect(orderStatus(page)).toHaveAttribute("data-status", /placed|fulfilled/, { timeout: 15_000 });
  // Both tabs' payments are in (both tabs are on the order page); once the order is fulfilled
  // its placement is over, so the counts below are final.
  await emulator.advanceClock(5_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 25_000 });

  const db = new ShopDb(server.dataDir);
  try {
    const orders = db.ordersByEmail(email);
    expect(orders).toHaveLength(1);
    const payments = db.payments(orders[0]!.id);
    // However many attempts the two tabs opened, exactly one payment counts.
    expect(payments.filter((p) => p.status === "succeeded")).toHaveLength(1);
    expect(await emulator.debitsFor(db.order(orders[0]!.id).upstreamOrderId!)).toHaveLength(1);
  } finally {
    db.close();
  }
  expect((await emulator.orderCreates()) - createsBefore).toBe(1);
});
