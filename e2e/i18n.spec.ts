import { expect, test, type Page } from "@playwright/test";
import en from "../messages/en.json" with { type: "json" };
import es from "../messages/es.json" with { type: "json" };
import { expectNoAxeViolationsLightAndDark } from "./helpers/axe";
import { expectMails } from "./helpers/mail";
import { serverOf } from "./helpers/server";
import { signInAsStaff } from "./helpers/staff";

// Languages: a Spanish browser lands on Spanish pages, the switcher keeps the page, and no
// buyer page in Spanish shows English, checked against the message catalogs: every English
// message (its literal parts, between arguments) that the Spanish catalog does not also hold.

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : leaves(value)));

const spanishMessages = leaves(es as Tree);
const spanishText = new Set(spanishMessages);
/** Phrases of two words or more from the English catalog, split at ICU arguments, tags and plurals. */
const ENGLISH_PHRASES = [
  ...new Set(
    leaves(en as Tree)
      .filter((message) => !spanishText.has(message))
      .flatMap((message) => message.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|<\/?\w+>/))
      .map((part) => part.trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""))
      .filter((part) => part.split(/\s+/).length >= 2 && part.length >= 10)
      // Names both languages write alike ("Steam, Netflix, Amazon" in an example) are not English.
      .filter((part) => !spanishMessages.some((message) => message.includes(part))),
  ),
];

/**
 * The English phrases a page shows (its visible text and the labels a screen reader reads),
 * leaving out what the page itself marks as English (`lang="en"`: the supplier's own texts).
 */
async function englishOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    // A copy of the page without what it marks as English, and without scripts (the router's payload).
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const skipped of body.querySelectorAll("[lang]:not([lang=es]), script, style, template")) skipped.remove();
    const labels = [...body.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")].map((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => el.getAttribute(name) ?? "").join(" "),
    );
    return `${body.textContent ?? ""}\n${labels.join("\n")}\n${document.title}`;
  });
  return ENGLISH_PHRASES.filter((phrase) => text.includes(phrase));
}

test.describe("a Spanish browser", () => {
  test.use({ locale: "es-ES" });

  test("lands on the Spanish home page, lang=es, with hreflang alternates", async ({ page }) => {
    const response = await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Todo lo que necesita tu teléfono, entregado en línea.",
    );
    expect(response?.headers().link).toContain('hreflang="es"');
    expect(await englishOn(page)).toEqual([]);
  });

  test("the switcher opens the same page in English and the choice is remembered", async ({ page }) => {
    await page.goto("/giftcards/gb?q=steam");
    expect(new URL(page.url()).pathname).toBe("/es/giftcards/gb");
    await page.getByTestId("language-switcher").click();
    await expect(page).toHaveURL(/\/giftcards\/gb\?q=steam$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // Remembered: an address without a prefix now stays English for this Spanish browser.
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByTestId("language-switcher").click();
    expect(new URL(page.url()).pathname).toBe("/es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

test("an English browser stays on English pages, and a Spanish link opens in Spanish", async ({ page }) => {
  await page.goto("/");
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/es/esim");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.goto("/en/esim");
  expect(new URL(page.url()).pathname).toBe("/esim");
});

// Country names in the page's language, whichever product: the supplier names eSIM destinations
// and plans in the buyer's language when asked (`lang`), and the shop names countries and regions
// in it everywhere else. What the supplier writes in English (brand texts) is marked lang="en".
const ENGLISH_COUNTRY_NAMES = ["United Kingdom", "Germany", "Spain", "United States", "France", "Europe"];

async function englishCountryNamesOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector("main")!.cloneNode(true) as HTMLElement;
    for (const marked of main.querySelectorAll("[lang]:not([lang=es])")) marked.remove();
    return main.textContent ?? "";
  });
  return ENGLISH_COUNTRY_NAMES.filter((name) => text.includes(name));
}

test("Spanish pages name countries and destinations in Spanish, English pages in English", async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of [
    "/es/esim",
    "/es/esim/de",
    "/es/esim/eu/eu-3gb-15d",
    "/es/topup",
    "/es/topup/gb",
    "/es/giftcards",
    "/es/giftcards/gb",
    "/es/giftcards/gb/steam",
    "/es/giftcards?q=steam",
  ]) {
    await page.goto(path);
    expect(await englishCountryNamesOn(page), path).toEqual([]);
  }
  await page.goto("/es/esim");
  await expect(page.getByRole("link", { name: /Alemania/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Europa/ }).first()).toBeVisible();
  await page.goto("/es/esim/de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alemania");
  await expect(page).toHaveTitle(/^eSIM para Alemania/);
  await page.goto("/es/esim/eu/eu-3gb-15d");
  await expect(page).toHaveTitle(/^Plan eSIM para Europa/);
  await expect(page.locator("main")).toContainText("Alemania");
  await page.goto("/es/giftcards/gb");
  await expect(page.locator("main")).toContainText("Reino Unido");
  await page.goto("/esim/de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Germany");
  await page.goto("/giftcards/gb");
  await expect(page.locator("main")).toContainText("United Kingdom");
});

const SPANISH_PAGES = [
  "/es",
  "/es/topup",
  "/es/topup/es",
  "/es/esim",
  "/es/esim/eu",
  "/es/esim/eu/eu-3gb-15d",
  "/es/giftcards",
  "/es/giftcards/gb",
  "/es/giftcards/gb/steam",
  "/es/unlock",
  "/es/unlock/1/1015/826/234030",
  "/es/unlock/1/1015/826/234030/1",
  "/es/imei-check",
  "/es/account/sign-in",
  "/es/account/sign-up",
  "/es/account/forgot-password",
  "/es/faq",
  "/es/refunds",
  "/es/contact",
  "/es/terms",
  "/es/privacy",
  "/es/no-such-page",
];

test("Spanish pages show no English from the catalogs, and axe finds nothing in light and dark", async ({ page }) => {
  test.setTimeout(180_000);
  for (const path of SPANISH_PAGES) {
    await page.goto(path);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "es");
    expect(await englishOn(page), path).toEqual([]);
    await expectNoAxeViolationsLightAndDark(page, path);
  }
});

test("a Spanish buyer pays a gift card: the review, the payment page, the order page and the mails are in Spanish", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `i18n-${Date.now()}@example.com`;
  await page.goto("/es/giftcards/gb/steam");
  // es-ES writes a pound face value by its code: "15 GBP".
  await page.getByRole("radio", { name: /^15 GBP/ }).check();
  await page.getByRole("button", { name: "Continuar a la revisión" }).click();
  await expect(page).toHaveURL(/^[^?]*\/es\/giftcards\/gb\/steam/);
  const total = (await page.getByTestId("price-total").textContent())?.trim() ?? "";
  // es-ES writes the euro after the amount, with a decimal comma.
  expect(total).toMatch(/^\d+,\d{2}\s€$/);
  expect(await englishOn(page)).toEqual([]);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await page.waitForURL(/\/es\/pay\/[^/]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  expect(await englishOn(page)).toEqual([]);
  await page.getByTestId("sandbox-pay").click();
  await page.waitForURL(/\/es\/orders\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", /paid|placed|fulfilled/, {
    timeout: 15_000,
  });
  expect(await englishOn(page)).toEqual([]);

  // The receipt and the delivery mail, in the language the buyer bought in, lead back to the Spanish order page.
  const ref = /\/orders\/([^/?#]+)/.exec(page.url())![1]!;
  const subject = (message: string) => new RegExp(`^${message.replace("{ref}", ref)}$`);
  const [receipt, delivery] = await expectMails(serverOf(testInfo), email, [
    subject(es.Mail.receipt.subject),
    subject(es.Mail.delivery.subject),
  ]);
  expect(receipt!.text).toContain(`${es.Mail.price.totalPaid}: ${total}`);
  for (const mail of [receipt!, delivery!]) {
    const text = mail.text ?? "";
    expect(text, mail.subject).toContain(`/es/orders/${ref}`);
    expect(
      ENGLISH_PHRASES.filter((phrase) => text.includes(phrase)),
      mail.subject,
    ).toEqual([]);
  }
});

// The supplier's words for a top-up in the buyer's language: the upstream takes `lang` on an
// operator's rates, so a Spanish buyer chooses "O2 Saldo 15 GBP" where an English one chooses
// "O2 15 GBP Airtime", and the payment page, the order page and the receipt name it the same.
const ENGLISH_RATE_WORDS = /\bAirtime\b|\bBundle\b|\bdays\b|\bData\b/;

test("a Spanish buyer tops up: the rates, the payment page, the order page and the receipt name the top-up in Spanish", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto("/es/topup/gb");
  const products = page.getByTestId("product-table");
  await expect(products).toContainText("Saldo");
  expect(await products.textContent()).not.toMatch(ENGLISH_RATE_WORDS);

  const email = `i18n-topup-${Date.now()}@example.com`;
  await page.goto("/es/topup");
  await page.getByRole("textbox", { name: "Número de teléfono" }).fill("+447400123456");
  await page.getByRole("button", { name: "Buscar operador" }).click();
  await expect(page.getByRole("heading", { name: "Elige un importe" })).toBeVisible({ timeout: 20_000 });
  const rates = page.locator("[id^=rate-][id$=-name]");
  expect((await rates.allTextContents()).filter((name) => ENGLISH_RATE_WORDS.test(name))).toEqual([]);
  await page.getByRole("radio", { name: /^Saldo 15 GBP/ }).check();
  await page.getByRole("button", { name: "Continuar a la revisión" }).click();
  await expect(page.getByRole("heading", { name: "Revisar y pagar" })).toBeVisible();
  await page.getByRole("textbox", { name: "Vuelve a escribir el número" }).fill("+447400123456");
  expect(await englishOn(page)).toEqual([]);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await page.waitForURL(/\/es\/pay\/[^/]+$/);
  await expect(page.locator("main")).toContainText("O2 Saldo 15 GBP");
  expect(await page.locator("main").textContent()).not.toMatch(ENGLISH_RATE_WORDS);
  await page.getByTestId("sandbox-pay").click();
  await page.waitForURL(/\/es\/orders\//);
  await expect(page.locator("main")).toContainText("O2 Saldo 15 GBP");
  expect(await englishOn(page)).toEqual([]);

  const ref = /\/orders\/([^/?#]+)/.exec(page.url())![1]!;
  const [receipt] = await expectMails(serverOf(testInfo), email, [
    new RegExp(`^${es.Mail.receipt.subject.replace("{ref}", ref)}$`),
  ]);
  expect(receipt!.text).toContain("O2 Saldo 15 GBP");
  expect(receipt!.text).not.toMatch(ENGLISH_RATE_WORDS);

  // Staff see the buyer's language on the order, and the mail with the subject it was sent with.
  await signInAsStaff(page, serverOf(testInfo));
  await page.goto(`/admin/orders/${ref}`);
  await expect(page.locator("dl").filter({ hasText: "Language" })).toContainText("Español (es)");
  await expect(page.getByText(es.Mail.receipt.subject.replace("{ref}", ref)).first()).toBeVisible();
});
