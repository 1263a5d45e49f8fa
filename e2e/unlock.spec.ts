import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { ShopDb } from "./helpers/db";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import { orderStatus, refFromUrl, sandboxCheckout } from "./helpers/topup";

// The sandbox IMEIs through the browser (123456789876543 →
// instructions; 355710060480006 → not available, refunded), every suffix field accepting a
// valid example and refusing an invalid one inline, cancel inside the 10-minute window and the
// refusal after the emulator clock passes it, one order whatever the clicks and reloads while
// create_order takes its time, and axe on every page of the journey in light and dark.
//
// The well-known pair (emulator/unlock/README.md): Apple (1) iPhone 13 (1015) on EE (234030),
// United Kingdom (826). Tools: 1 Factory Unlock 1–3 days, 3 Instant Network Code, 12 needs all
// five suffixes.

const PAIR = "/unlock/1/1015/826/234030";
const TOOL = { days: 1, instant: 3, allSuffixes: 12 } as const;
const IMEI = {
  availableAtOnce: "123456789876543",
  notAvailable: "355710060480006",
  ordinary: "490154203237518",
} as const;

/** The order form of one service on the well-known pair. */
async function openOrderForm(page: Page, tool: number): Promise<void> {
  await page.goto(`${PAIR}/${tool}`);
  await expect(page.getByRole("heading", { name: "Your IMEI and payment", level: 1 })).toBeVisible();
}

async function tickChecklist(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: /locked to EE/ }).check();
  await page.getByRole("checkbox", { name: /unlock attempts left/ }).check();
  await page.getByRole("checkbox", { name: /not reported lost or stolen/ }).check();
}

/** Form → sandbox checkout → order page; answers the order reference. */
async function buyUnlock(page: Page, options: { tool: number; imei: string; email: string }): Promise<string> {
  await openOrderForm(page, options.tool);
  await tickChecklist(page);
  await page.getByRole("textbox", { name: "IMEI" }).fill(options.imei);
  await page.getByLabel("Email").fill(options.email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await page.waitForURL(/\/pay\/[^/]+$/);
  await sandboxCheckout(page, "Pay");
  await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/);
  return refFromUrl(page.url());
}

/** Supplier create_order calls for one IMEI so far (the emulator's call counters). */
async function createOrderCalls(emulator: EmulatorControls, imei: string): Promise<number> {
  const counters = await emulator.counters();
  return Object.entries(counters)
    .filter(([key]) => key.startsWith("POST /create_order/") && key.includes(`/${imei}`))
    .reduce((sum, [, n]) => sum + n, 0);
}

test("browse brand → device → country → network → services, every page axe-clean", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/unlock");
  await expect(page.getByRole("heading", { name: "Device unlock", level: 1 })).toBeVisible();
  await expect(page.getByTestId("brand-list").getByRole("link", { name: "Apple" })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "unlock: brands");

  // Search across brands.
  await page.getByRole("searchbox", { name: "Device" }).fill("iphone 13");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/unlock\?q=iphone\+13$/);
  await expect(
    page.getByTestId("device-list").getByRole("link", { name: "Apple iPhone 13", exact: true }),
  ).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "unlock: device search");
  await page.getByRole("searchbox", { name: "Device" }).fill("no such phone xyz");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("empty-state")).toContainText("No devices match");

  // The brand's devices with pictures served by the shop.
  await page.goto("/unlock");
  await page.getByTestId("brand-list").getByRole("link", { name: "Apple" }).click();
  await expect(page).toHaveURL(/\/unlock\/1$/);
  const iphone = page.getByTestId("device-list").getByRole("link", { name: "iPhone 13", exact: true });
  await expect(iphone.locator("img")).toHaveAttribute("src", /^\/api\/catalog-images\//);
  await expectNoAxeViolationsLightAndDark(page, "unlock: devices");
  await iphone.click();

  // Country, then network.
  await expect(page).toHaveURL(/\/unlock\/1\/1015$/);
  await expect(page.getByRole("heading", { name: "Which network is it locked to?" })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "unlock: country");
  await page.getByRole("combobox", { name: /Country of the network/ }).selectOption({ label: "United Kingdom" });
  await page.getByRole("button", { name: "Show networks" }).click();
  await expect(page).toHaveURL(/\/unlock\/1\/1015\?country=826$/);
  await expect(page.getByRole("heading", { name: "Networks in United Kingdom" })).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "unlock: networks");
  await page.getByTestId("network-list").getByRole("link", { name: "EE", exact: true }).click();

  // The services: name, description, price, guaranteed and average time, success ratio.
  await expect(page).toHaveURL(new RegExp(`${PAIR}$`));
  const tools = page
    .getByTestId("tool-list")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });
  await expect(tools).toHaveCount(8);
  const factory = tools.filter({ has: page.getByRole("heading", { name: "Factory Unlock (Standard)" }) });
  await expect(factory).toContainText("1–3 days");
  await expect(factory).toContainText("Success rate");
  await expect(factory).toContainText(/\d+%/);
  await expect(factory).toContainText(/€\d+\.\d\d/);
  await expect(tools.filter({ has: page.getByRole("heading", { name: "Instant Network Code" }) })).toContainText(
    "Instant",
  );
  await expectNoAxeViolationsLightAndDark(page, "unlock: services");
  await factory.getByRole("link", { name: /Choose/ }).click();
  await expect(page).toHaveURL(new RegExp(`${PAIR}/${TOOL.days}$`));
  await expect(page.getByRole("link", { name: /Check its IMEI/ })).toHaveAttribute("href", "/imei-check");
  await expectNoAxeViolationsLightAndDark(page, "unlock: order form");
});

test("IMEI and every suffix field are checked as typed; the server refuses an unticked checklist", async ({ page }) => {
  await openOrderForm(page, TOOL.allSuffixes);
  const imei = page.getByRole("textbox", { name: "IMEI" });
  await imei.fill("490154203237517");
  await expect(page.locator("#imei-error")).toContainText("check digit");
  await imei.fill("49015420323751");
  await imei.blur();
  await expect(page.locator("#imei-error")).toContainText("exactly 15 digits");
  await imei.fill(IMEI.ordinary);
  await expect(page.locator("#imei-error")).toHaveCount(0);

  const cases: Array<{ label: RegExp; id: string; bad: string; good: string }> = [
    { label: /^Serial number/, id: "suffix-sn", bad: "SNAB1-C34", good: "SNAB12-C3456" },
    { label: /^PRD code/, id: "suffix-prd", bad: "PRD1234567X", good: "PRD12345678" },
    { label: /^Phone PIN/, id: "suffix-pin", bad: "PIN 1234ABC", good: "PIN1234ABCD" },
    { label: /^MEP code/, id: "suffix-mep", bad: "MEP-1234-123", good: "MEP-12345-123" },
    { label: /^SRO code/, id: "suffix-sro", bad: "SROx1234567", good: "SROX1234567" },
  ];
  for (const c of cases) {
    const field = page.getByRole("textbox", { name: c.label });
    await field.fill(c.bad);
    await field.blur();
    await expect(page.locator(`#${c.id}-error`), c.id).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await field.fill(c.good);
    await expect(page.locator(`#${c.id}-error`), c.id).toHaveCount(0);
  }
  await expect(page.getByRole("textbox", { name: /^Phone PIN/ })).toHaveAttribute(
    "aria-describedby",
    "suffix-pin-hint",
  );
  // Assembled into one value, in the spec's flag order, without spaces.
  await expect(page.getByTestId("imei-value")).toHaveText(
    `Sent to the supplier as ${IMEI.ordinary}SNAB12-C3456PRD12345678PIN1234ABCDMEP-12345-123SROX1234567`,
  );
  await expectNoAxeViolationsLightAndDark(page, "unlock: order form with suffixes");

  // Nothing ticked: the server answers inline, no order is made.
  const email = uniqueEmail("unlock-checklist");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page.locator("#checklist-error")).toContainText("confirm each point");
  await expect(page).toHaveURL(new RegExp(`${PAIR}/${TOOL.allSuffixes}$`));

  // A refusal for another reason keeps the three ticks and the IMEI as they were
  // (React resets a form after its action has answered).
  await tickChecklist(page);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page.locator("#email-error")).toBeVisible();
  for (const name of [/locked to EE/, /unlock attempts left/, /not reported lost or stolen/])
    await expect(page.getByRole("checkbox", { name })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "IMEI" })).toHaveValue(IMEI.ordinary);
});

test("sandbox IMEI 123456789876543: placed, then the instructions are shown", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const email = uniqueEmail("unlock-available");
  const ref = await buyUnlock(page, { tool: TOOL.instant, imei: IMEI.availableAtOnce, email });
  // Instant tool: the worker looks 15 s after ordering.
  await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 60_000 });
  await expect(page.getByTestId("unlock-timeline")).toHaveAttribute("data-upstream-status", "available");
  await expect(page.getByText("Unlock ready")).toBeVisible();
  const instructions = page.getByTestId("unlock-instructions");
  await expect(instructions).toContainText("Unlock instructions for Apple iPhone 13");
  await expect(instructions.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("heading", { name: "What you bought" })).toBeVisible();
  await expect(page.getByText("Instant Network Code")).toBeVisible();
  await expectNoAxeViolationsLightAndDark(page, "unlock: order delivered");

  const db = new ShopDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    expect(order).toMatchObject({ ref, status: "fulfilled", upstreamStatus: "available" });
  } finally {
    db.close();
  }
});

test("sandbox IMEI 355710060480006: not available, and the buyer is refunded", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const email = uniqueEmail("unlock-notavailable");
  await buyUnlock(page, { tool: TOOL.instant, imei: IMEI.notAvailable, email });
  await expect(orderStatus(page)).toHaveAttribute("data-status", "refunded", { timeout: 60_000 });
  await expect(page.getByTestId("unlock-timeline")).toHaveAttribute("data-upstream-status", "notavailable");
  await expect(page.getByText("No unlock is available for this phone on this network.")).toBeVisible();
  await expect(page.getByTestId("unlock-refund")).toContainText("Refunded:");
  await expectNoAxeViolationsLightAndDark(page, "unlock: not available, refunded");

  const db = new ShopDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    expect(order).toMatchObject({ status: "refunded", upstreamStatus: "notavailable" });
    expect(db.payments(order!.id).map((p) => p.status)).toEqual(["refunded"]);
  } finally {
    db.close();
  }
});

test("cancel inside the 10-minute window works; after the supplier's clock passes it, a clear refusal", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);

  // Inside the window: cancelled and refunded.
  const email = uniqueEmail("unlock-cancel");
  await buyUnlock(page, { tool: TOOL.days, imei: IMEI.ordinary, email });
  await expect(orderStatus(page)).toHaveAttribute("data-status", "placed", { timeout: 45_000 });
  const cancel = page.getByTestId("unlock-cancel");
  await expect(cancel).toContainText(/You can cancel for \d+:\d\d more/);
  await expectNoAxeViolationsLightAndDark(page, "unlock: placed with cancel countdown");
  // Cancel asks first, naming the refund; "Keep the order" changes nothing.
  await cancel.getByRole("button", { name: "Cancel this unlock" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this unlock?" });
  await expect(confirm).toContainText(/€\d+\.\d\d is refunded/);
  await confirm.getByRole("button", { name: "Keep the order" }).click();
  await expect(confirm).toBeHidden();
  await expect(orderStatus(page)).toHaveAttribute("data-status", "placed");
  await cancel.getByRole("button", { name: "Cancel this unlock" }).click();
  await confirm.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(page.getByTestId("unlock-cancel-message")).toContainText("cancelled");
  await expect(orderStatus(page)).toHaveAttribute("data-status", "refunded", { timeout: 30_000 });
  await expect(page.getByTestId("unlock-timeline")).toHaveAttribute("data-upstream-status", "canceled");
  await expect(page.getByTestId("unlock-refund")).toContainText("Refunded:");
  const db = new ShopDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    expect(order).toMatchObject({ status: "refunded", upstreamStatus: "canceled" });
    expect(db.events(order!.id).some((e) => e.toStatus === "cancelled" && e.source === "buyer")).toBe(true);
  } finally {
    db.close();
  }

  // After the window (the supplier's clock moved 10 minutes on): refused, order unchanged.
  const late = uniqueEmail("unlock-cancel-late");
  await buyUnlock(page, { tool: TOOL.days, imei: IMEI.ordinary, email: late });
  await expect(orderStatus(page)).toHaveAttribute("data-status", "placed", { timeout: 45_000 });
  await emulator.advanceClock(10 * 60_000 + 5_000);
  await page.getByTestId("unlock-cancel").getByRole("button", { name: "Cancel this unlock" }).click();
  await page
    .getByRole("dialog", { name: "Cancel this unlock?" })
    .getByRole("button", { name: "Cancel and refund" })
    .click();
  const refusal = page.getByTestId("unlock-cancel-message");
  await expect(refusal).toContainText("Too late to cancel");
  await expect(refusal).toHaveAttribute("role", "alert");
  await expect(orderStatus(page)).toHaveAttribute("data-status", "placed");
  await expectNoAxeViolationsLightAndDark(page, "unlock: cancel refused");
  const db2 = new ShopDb(server.dataDir);
  try {
    const [order] = db2.ordersByEmail(late);
    expect(order).toMatchObject({ status: "placed" });
    expect(db2.events(order!.id).some((e) => e.type === "cancel_refused" && e.source === "buyer")).toBe(true);
  } finally {
    db2.close();
  }
});

test("a slow create_order shows progress; clicking Pay again and reloading make no second order", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("unlock-once");
  const callsBefore = await createOrderCalls(emulator, IMEI.ordinary);
  // Long enough for the progress view to outlast two axe passes and a reload on a loaded 2-core
  // machine (8 s did not), well within the client's 45 s create timeout.
  await emulator.addFault({ method: "POST", path: "/create_order/**", kind: "latency", latencyMs: 20_000, times: 1 });
  try {
    await openOrderForm(page, TOOL.instant);
    const formUrl = page.url();
    await tickChecklist(page);
    await page.getByRole("textbox", { name: "IMEI" }).fill(IMEI.ordinary);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: /^Pay €/ }).dblclick();
    await page.waitForURL(/\/pay\/[^/]+$/);
    await sandboxCheckout(page, "Pay");
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+/);
    const orderUrl = page.url();

    // While the supplier takes its time: the progress view, also after a reload.
    await expect(page.getByTestId("unlock-placing")).toContainText("can take up to 30 seconds");
    await expectNoAxeViolationsLightAndDark(page, "unlock: placing progress");
    await page.reload();
    await expect(page.getByTestId("unlock-placing")).toBeVisible();

    // The same form submitted again (back, Pay) leads to the same order.
    await page.goto(formUrl);
    await tickChecklist(page);
    await page.getByRole("textbox", { name: "IMEI" }).fill(IMEI.ordinary);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: /^Pay €/ }).click();
    await page.waitForURL(orderUrl);

    await expect(orderStatus(page)).toHaveAttribute("data-status", "placed", { timeout: 45_000 });
  } finally {
    await emulator.clearFaults();
  }
  const db = new ShopDb(server.dataDir);
  try {
    expect(db.ordersByEmail(email)).toHaveLength(1);
  } finally {
    db.close();
  }
  expect((await createOrderCalls(emulator, IMEI.ordinary)) - callsBefore).toBe(1);
});

/** The supplier's status calls for one ticket so far (the emulator's call counters). */
async function statusCalls(emulator: EmulatorControls, ticket: string): Promise<number> {
  const counters = await emulator.counters();
  return Object.entries(counters)
    .filter(([key]) => key.startsWith("GET /check_order_status/") && key.endsWith(`/${ticket}`))
    .reduce((sum, [, n]) => sum + n, 0);
}

test("an unlock the supplier finishes early shows within 2 minutes without a reload; check now shows a change at once; cancel is gone once the code is ready", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const db = new ShopDb(server.dataDir);
  try {
    // A "days" service the supplier finishes in its first minutes: the early checks see it.
    const early = uniqueEmail("unlock-early");
    await buyUnlock(page, { tool: TOOL.days, imei: IMEI.ordinary, email: early });
    await expect(orderStatus(page)).toHaveAttribute("data-status", "placed", { timeout: 45_000 });
    await expect(
      page.getByText("We check with the supplier every minute for the first 10 minutes, then every hour."),
    ).toBeVisible();
    const [placed] = db.ordersByEmail(early);
    const ticket = placed!.upstreamOrderId!;
    await emulator.unlockReady(ticket);
    const readyAt = Date.now();
    await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 120_000 });
    expect(Date.now() - readyAt).toBeLessThan(120_000);
    await expect(page.getByTestId("unlock-instructions")).toBeVisible();
    // The code is ready: no cancel is offered any more.
    await expect(page.getByRole("button", { name: "Cancel this unlock" })).toHaveCount(0);
    // Within the schedule: a check at 30 s and then one a minute since placing (plus the one that found it).
    const sincePlaced = Date.now() - db.placedAt(placed!.id)!;
    expect(await statusCalls(emulator, ticket)).toBeLessThanOrEqual(2 + Math.ceil(sincePlaced / 60_000));

    // "Check now": limited per order, and a change shows at once.
    const later = uniqueEmail("unlock-check-now");
    await buyUnlock(page, { tool: TOOL.days, imei: IMEI.ordinary, email: later });
    await expect(orderStatus(page)).toHaveAttribute("data-status", "placed", { timeout: 45_000 });
    const checkNow = page.getByTestId("unlock-check-now");
    await checkNow.getByRole("button", { name: "Check now" }).click();
    await expect(checkNow).toContainText("no change yet");
    await checkNow.getByRole("button", { name: "Check now" }).click();
    await expect(checkNow.getByRole("alert")).toContainText("We just checked");
    const [second] = db.ordersByEmail(later);
    await emulator.unlockReady(second!.upstreamOrderId!);
    // The next check is allowed 15 s after the last (CHECK_NOW_LIMITS): the buyer tries until it is.
    await expect(async () => {
      await checkNow.getByRole("button", { name: "Check now" }).click({ timeout: 5_000 });
      await expect(orderStatus(page)).toHaveAttribute("data-status", "fulfilled", { timeout: 3_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    await expect(page.getByTestId("unlock-instructions")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel this unlock" })).toHaveCount(0);
    await expectNoAxeViolationsLightAndDark(page, "unlock: ready after check now");
  } finally {
    db.close();
  }
});
