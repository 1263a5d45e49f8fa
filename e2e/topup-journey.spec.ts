import { expect, test } from "@playwright/test";
import { EmulatorControls } from "./helpers/emulator";
import { serverOf, uniqueEmail } from "./helpers/server";
import {
  carrierLookups,
  chooseRate,
  confirmAndPay,
  enterNumber,
  expectDelivered,
  expectShopImage,
  pickCountry,
  TopupDb,
} from "./helpers/topup-journey";

// Top-up: airtime bought for numbers in three countries; a data bundle
// with the SMS notice shows the 0.99 EUR fee in the breakdown and on the order; an impossible
// number and a mismatched second entry are refused inline before any upstream order.
//
// Numbers are libphonenumber's example mobiles; the emulator maps each prefix to one operator
// (emulator/commerce/catalog/README.md). None of them is the catalog's failing item (EE, GB).

const COUNTRIES = [
  // Typed as at home, with the country chosen in the selector (keyboard only).
  {
    label: "Germany",
    country: { search: "Germ", name: "Germany" },
    typed: "0151 23456789",
    e164: "+4915123456789",
    operator: "1&1",
    rate: /^10 EUR Airtime$/,
  },
  // Typed internationally, with spaces: the selector follows the +33.
  { label: "France", typed: "+33 6 12 34 56 78", e164: "+33612345678", operator: "SFR", rate: /^10 EUR Airtime$/ },
  // With the 00 prefix: normalised to E.164 too.
  {
    label: "Kenya",
    typed: "00254 712 123456",
    e164: "+254712123456",
    operator: "Safaricom",
    rate: /^1,500 KES Airtime$/,
  },
] as const;

test("airtime bought for numbers in three countries, each delivered to its number in E.164", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const createsBefore = await emulator.orderCreates();
  const emails: string[] = [];

  for (const c of COUNTRIES) {
    const email = uniqueEmail(`airtime-${c.label.toLowerCase()}`);
    emails.push(email);
    await enterNumber(page, c.typed, "country" in c ? c.country : undefined);
    await expect(page.getByTestId("operator-name")).toHaveText(c.operator);
    await expect(page.getByTestId("carrier")).toContainText(c.label);
    // The operator's logo comes through the shop, never from the upstream's host.
    await expectShopImage(page, page.getByTestId("carrier").locator("img").first());

    await chooseRate(page, { rate: c.rate });
    const summary = page.getByTestId("review-summary");
    for (const text of [c.operator, c.label]) await expect(summary).toContainText(text);
    await expect(page.getByTestId("price-breakdown")).not.toContainText("SMS");
    const path = await confirmAndPay(page, { confirm: c.typed, email });
    expect(path).toMatch(/^\/orders\//);
    await expectDelivered(page, emulator);
  }

  const db = new TopupDb(server.dataDir);
  try {
    COUNTRIES.forEach((c, i) => {
      const orders = db.ordersByEmail(emails[i]!);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ status: "fulfilled", detail: { phone: c.e164 } });
    });
  } finally {
    db.close();
  }
  expect((await emulator.orderCreates()) - createsBefore).toBe(3);
});

test("a data bundle with the SMS notice shows the 0.99 EUR fee before paying and on the order", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("data-sms");

  await enterNumber(page, "+447400123456");
  await chooseRate(page, { tab: "Data", rate: /^1 GB Data, 7 days$/, sms: true });
  const breakdown = page.getByTestId("price-breakdown");
  await expect(breakdown).toContainText("SMS notification€0.99");
  // The message: at most 140 characters, counted as it is typed.
  const message = page.getByRole("textbox", { name: /Message in the SMS/ });
  await message.fill("Happy birthday, Sam!");
  await expect(page.getByTestId("sms-count")).toHaveText("20/140");
  await message.fill("x".repeat(200));
  await expect(message).toHaveValue("x".repeat(140));
  await message.fill("Happy birthday, Sam!");

  await confirmAndPay(page, { confirm: "07400 123456", email });
  const orderBreakdown = page.getByTestId("price-breakdown");
  await expect(orderBreakdown).toContainText("SMS notification€0.99");
  await expect(page.getByText("SMS to the recipient")).toBeVisible();
  await expectDelivered(page, emulator);

  const db = new TopupDb(server.dataDir);
  try {
    const [order] = db.ordersByEmail(email);
    expect(order?.detail).toMatchObject({
      phone: "+447400123456",
      smsNotification: true,
      smsText: "Happy birthday, Sam!",
    });
    expect(order?.pricing).toMatchObject({ smsFeeMinor: 99 });
  } finally {
    db.close();
  }
});

test("an impossible number is refused inline, before anything is looked up or ordered", async ({ page }, testInfo) => {
  const emulator = new EmulatorControls(serverOf(testInfo).emulatorUrl);
  const before = await emulator.counters();
  await page.goto("/topup");
  const number = page.getByRole("textbox", { name: "Phone number" });

  await number.fill("+44 7400 12");
  await page.getByRole("button", { name: "Find operator" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("too short");
  await expect(number).toHaveAttribute("aria-invalid", "true");

  // Nationally, in the chosen country: France has no 06 12 numbers of that length.
  await pickCountry(page, "fra", "France");
  await number.fill("06 12 34");
  await page.getByRole("button", { name: "Find operator" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("too short");
  await expect(page).toHaveURL(/\/topup$/);

  const after = await emulator.counters();
  expect(carrierLookups(after)).toBe(carrierLookups(before));
  expect(after["POST /v2/orders"] ?? 0).toBe(before["POST /v2/orders"] ?? 0);
});

test("a second entry that does not match the number is refused inline, before any order", async ({
  page,
}, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const email = uniqueEmail("mismatch");
  const createsBefore = await emulator.orderCreates();

  await enterNumber(page, "+447400123456");
  await chooseRate(page, { rate: /^15 GBP Airtime$/ });
  const review = page.url();
  await page.getByRole("textbox", { name: "Type the number again" }).fill("07400 123465");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  const confirm = page.getByRole("textbox", { name: "Type the number again" });
  await expect(page.getByRole("main").getByRole("alert")).toContainText("does not match");
  await expect(confirm).toHaveAttribute("aria-invalid", "true");
  await expect(confirm).toBeFocused();
  expect(page.url()).toBe(review);

  // The server checks it again: the same form, with the browser's check passed and the
  // second entry changed on its way to the server.
  await page.route(review, async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.continue();
    const body = request.postDataBuffer()!.toString("latin1");
    expect(body).toContain("07400 123456");
    await route.continue({ postData: Buffer.from(body.replace("07400 123456", "07400 123465"), "latin1") });
  });
  await confirm.fill("07400 123456");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: /^Pay €/ }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("does not match");
  await expect(confirm).toHaveValue("07400 123465");
  expect(page.url()).toBe(review);
  await page.unroute(review);

  const db = new TopupDb(server.dataDir);
  try {
    expect(db.ordersByEmail(email)).toHaveLength(0);
  } finally {
    db.close();
  }
  expect(await emulator.orderCreates()).toBe(createsBefore);
});
