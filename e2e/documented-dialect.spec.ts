import { expect, test, type Page } from "@playwright/test";
import { decodeQrPng } from "../testing/qr";
import { ADMIN, signInStaff } from "./helpers/admin";
import { orderFulfillment, ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { approveOnEmulator, authorizePage } from "./helpers/oauth";
import {
  buyEsimPlan,
  buyGiftCard,
  buyImeiCheck,
  buyTopup,
  buyUnlock,
  expectPlaced,
  ORDINARY_IMEI,
  UNLOCK_INSTANT_TOOL,
} from "./helpers/purchases";
import { serverOf, uniqueEmail } from "./helpers/server";
import { orderStatus, TEST_PHONE } from "./helpers/topup";
import type { E2eServer } from "../playwright.config";

// The shop against an emulator that answers only what the two API documents name
// (EMULATOR_DIALECT=documented; project "documented-dialect" in playwright.config.ts, with its
// own app, emulator and database). A buyer buys every product to its delivered state, and staff
// connect the commerce account by OAuth (discovery, registration, authorize, token, refresh).
// The documents allow only https webhook URLs (C§2), so the emulator refuses the shop's http
// receiver: staff are told order events are off, and every order is followed by polling. The
// emulator clock is moved instead of waiting; every wait is bounded.

/**
 * What the buyer saw delivered came by polling, as the only way left: the shop's worker moved the
 * order to fulfilled, the supplier sent it no event, and it placed exactly one upstream order
 * with one debit for the sale (never a second create on an unconfirmed reading).
 */
async function expectDeliveredByPollingOnce(
  server: E2eServer,
  emulator: EmulatorControls,
  email: string,
  createsBefore: number,
): Promise<void> {
  const db = new ShopDb(server.dataDir);
  try {
    const [order, ...others] = db.ordersByEmail(email);
    expect(others).toEqual([]);
    expect(order?.status).toBe("fulfilled");
    expect(
      db
        .events(order!.id)
        .filter((e) => e.toStatus === "fulfilled")
        .map((e) => e.source),
    ).toEqual(["worker"]);
    expect(db.receiptCount()).toBe(0);
    const upstreamOrderId = order!.upstreamOrderId!;
    expect((await emulator.deliveries()).filter((d) => d.request.body.includes(`"${upstreamOrderId}"`))).toEqual([]);
    expect(await emulator.debitsFor(upstreamOrderId)).toHaveLength(1);
  } finally {
    db.close();
  }
  expect((await emulator.orderCreates()) - createsBefore).toBe(1);
}

/** The unlocking API's create_order calls for one IMEI so far (the emulator's call counters). */
async function unlockCreates(emulator: EmulatorControls, imei: string): Promise<number> {
  return Object.entries(await emulator.counters())
    .filter(([route]) => route.startsWith("POST /create_order/") && route.includes(`/${imei}`))
    .reduce((sum, [, n]) => sum + n, 0);
}

/**
 * Admin → Upstream connection says order events are off and polling follows the orders. The
 * shop asks for the subscription in the background (at start, and when the connection changes),
 * so the page is read again until the answer is there.
 */
async function expectOrderEventsOff(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto("/admin/upstream");
    const notice = page.getByTestId("order-events-off");
    await expect(notice).toContainText("Order events off", { timeout: 1_000 });
    await expect(notice).toContainText("orders are followed by polling", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe.configure({ timeout: 90_000 });

test("staff are told order events are off (the supplier refuses an http receiver) and orders are followed by polling", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  await signInStaff(page, ADMIN.email, ADMIN.password, "/admin/upstream");
  await expectOrderEventsOff(page);
  await expect(page.getByTestId("order-events-off")).toContainText(
    `the supplier refuses the shop's receiver address ${server.baseURL}/api/webhooks/commerce`,
  );
  await page.goto("/admin/webhooks");
  await expect(page.getByText("No subscriptions: the shop follows orders by polling only.")).toBeVisible();
  const db = new ShopDb(server.dataDir);
  try {
    expect(db.receiptCount()).toBe(0);
  } finally {
    db.close();
  }
});

test("a top-up: paid, placed, delivered to the number", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("documented-topup");
  const createsBefore = await emulator.orderCreates();

  // TEST_PHONE's operator (O2 United Kingdom) fulfils every rate (the failing ones are EE's).
  await buyTopup(page, { phone: TEST_PHONE, email });
  await expectPlaced(page);
  await emulator.advanceClock(5_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 25_000 });
  await expect(orderStatus(page)).toContainText("Delivered");
  await expect(page.getByText("Delivery to the number")).toBeVisible();
  await expect(page.getByText("+44 7400 123456")).toBeVisible();

  await expectDeliveredByPollingOnce(server, emulator, email, createsBefore);
});

test("an eSIM plan: paid, placed, the QR and activation code shown", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("documented-esim");
  const createsBefore = await emulator.orderCreates();

  await buyEsimPlan(page, {
    planPath: "/esim/eu/eu-3gb-15d",
    destination: /I will use this eSIM in Europe \(EU\)/,
    email,
  });
  await expectPlaced(page);
  await emulator.advanceClock(10_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 25_000 });
  await page.reload();
  await expect(page.getByTestId("esim-qr")).toBeVisible();

  const db = new ShopDb(server.dataDir);
  let lpa: string;
  try {
    lpa = String(orderFulfillment(server.dataDir, db.ordersByEmail(email)[0]!.id).lpaString ?? "");
  } finally {
    db.close();
  }
  expect(lpa).toMatch(/^LPA:1\$[^$]+\$[^$]+/);
  await expect(page.getByTestId("esim-lpa")).toHaveText(lpa);
  expect(decodeQrPng(await page.getByTestId("esim-qr").screenshot())).toBe(lpa);

  await expectDeliveredByPollingOnce(server, emulator, email, createsBefore);
});

test("a gift card: paid, placed, the code revealed", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("documented-giftcard");
  const createsBefore = await emulator.orderCreates();

  // Steam United Kingdom's third value fulfils (its two lowest are the emulator's failing items).
  await buyGiftCard(page, { brandPath: "/giftcards/gb/steam", rank: 2, email });
  await expectPlaced(page);
  await emulator.advanceClock(10_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 25_000 });
  await page.getByRole("button", { name: "Reveal code" }).click();
  await expect(page.getByTestId("giftcard-code")).toHaveText(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);

  await expectDeliveredByPollingOnce(server, emulator, email, createsBefore);
});

test("a device unlock: paid, placed with the unlocking API, the instructions shown", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("documented-unlock");
  const createsBefore = await unlockCreates(emulator, ORDINARY_IMEI);

  const ref = await buyUnlock(page, { tool: UNLOCK_INSTANT_TOOL, imei: ORDINARY_IMEI, email });
  await expectPlaced(page);
  // Ready 10 s after placing on the supplier's clock; the shop looks 15 s after placing.
  await emulator.advanceClock(15_000);
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 45_000 });
  await expect(page.getByTestId("unlock-instructions")).toContainText("Unlock instructions for Apple iPhone 13");

  const db = new ShopDb(server.dataDir);
  try {
    expect(db.ordersByEmail(email)).toMatchObject([{ ref, status: "fulfilled", upstreamStatus: "available" }]);
  } finally {
    db.close();
  }
  expect((await unlockCreates(emulator, ORDINARY_IMEI)) - createsBefore).toBe(1);
});

test("an IMEI check: paid, the report shown", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const email = uniqueEmail("documented-imei");

  const ref = await buyImeiCheck(page, { imei: ORDINARY_IMEI, email });
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 30_000 });
  const report = page.getByTestId("imeicheck-report");
  await expect(report.getByTestId("imeicheck-blacklist")).toHaveAttribute("data-blacklisted", "false");
  await expect(report).toContainText("Clean: not reported lost or stolen");

  const db = new ShopDb(server.dataDir);
  try {
    expect(db.ordersByEmail(email)).toMatchObject([{ ref, status: "fulfilled", upstreamStatus: "report" }]);
  } finally {
    db.close();
  }
});

test("staff connect the commerce account by OAuth, and its token refreshes silently", async ({ page }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);

  await signInStaff(page, ADMIN.email, ADMIN.password, "/admin/upstream");
  await expect(page.getByTestId("commerce-source")).toHaveText("Embedded sandbox emulator · API key");

  // Discovery and registration, then the supplier's sign-in and consent pages, then the token.
  await page.getByRole("button", { name: "Connect account" }).click();
  await page.waitForURL(authorizePage(server.emulatorUrl));
  expect(new URL(page.url()).searchParams.get("code_challenge_method")).toBe("S256");
  await approveOnEmulator(page);
  await page.waitForURL(/\/admin\/upstream\?connected=oauth/);
  await expect(page.getByRole("status").filter({ hasText: "Commerce account connected by OAuth." })).toBeVisible();
  await expect(page.getByTestId("commerce-source")).toHaveText("Stored in the shop · OAuth");
  await expect(page.getByText("acct_shop")).toBeVisible();
  await expect(page.getByText("Token last refreshed:").locator("xpath=following-sibling::dd")).toHaveText("not yet");

  // The balance is read on the OAuth token.
  await page.goto("/admin/credits");
  await expect(page.getByTestId("credit-balance")).toContainText(/\d/);

  // The access token's hour passes on the supplier's clock: the next call refreshes it silently.
  await emulator.advanceClock(3_601_000);
  await page.reload();
  await expect(page.getByTestId("credit-balance")).toContainText(/\d/);
  await page.goto("/admin/upstream");
  await expect(page.getByTestId("reconnect-needed")).toHaveCount(0);
  // The new connection asked the supplier for order events again, and was refused again.
  await expectOrderEventsOff(page);
  await expect(page.getByText("Token last refreshed:").locator("xpath=following-sibling::dd")).not.toHaveText(
    "not yet",
  );
});
