import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// [16]: no buyer-facing English written into a buyer component or page. Text a buyer reads or
// hears (JSX text, and the attributes a screen reader or browser shows: aria-label, title, alt,
// placeholder, label) comes from the message catalogs. Found by parsing the code, not by a
// pattern over it. Staff pages (app/admin, components/admin) may stay English.

const ROOT = join(__dirname, "..", "..");
const BUYER_CODE = ["app/[locale]", "components/shop", "components/ui"];
const SHOWN_ATTRIBUTES = new Set(["aria-label", "title", "alt", "placeholder", "label", "aria-description"]);

/**
 * Buyer files still to be moved to the catalogs ([16] is done when this list is empty). A file
 * leaves the list when its text is in messages/*.json; the test fails on a listed file that has
 * no English left, so the list only shrinks.
 */
const NOT_YET_TRANSLATED = new Set<string>([
  "app/[locale]/(shop)/account/forgot-password/page.tsx",
  "app/[locale]/(shop)/account/page.tsx",
  "app/[locale]/(shop)/account/reset-password/[token]/page.tsx",
  "app/[locale]/(shop)/account/settings/page.tsx",
  "app/[locale]/(shop)/account/sign-in/page.tsx",
  "app/[locale]/(shop)/account/sign-up/page.tsx",
  "app/[locale]/(shop)/account/verify-email/[token]/page.tsx",
  "app/[locale]/(shop)/contact/page.tsx",
  "app/[locale]/(shop)/esim/[destination]/[plan]/page.tsx",
  "app/[locale]/(shop)/esim/[destination]/page.tsx",
  "app/[locale]/(shop)/esim/lines/[iccid]/loading.tsx",
  "app/[locale]/(shop)/esim/lines/[iccid]/page.tsx",
  "app/[locale]/(shop)/esim/not-found.tsx",
  "app/[locale]/(shop)/esim/page.tsx",
  "app/[locale]/(shop)/faq/page.tsx",
  "app/[locale]/(shop)/giftcards/[country]/[brand]/page.tsx",
  "app/[locale]/(shop)/giftcards/[country]/page.tsx",
  "app/[locale]/(shop)/giftcards/not-found.tsx",
  "app/[locale]/(shop)/giftcards/page.tsx",
  "app/[locale]/(shop)/imei-check/page.tsx",
  "app/[locale]/(shop)/orders/[ref]/not-found.tsx",
  "app/[locale]/(shop)/orders/[ref]/page.tsx",
  "app/[locale]/(shop)/pay/[paymentId]/page.tsx",
  "app/[locale]/(shop)/privacy/page.tsx",
  "app/[locale]/(shop)/refunds/page.tsx",
  "app/[locale]/(shop)/terms/page.tsx",
  "app/[locale]/(shop)/topup/[country]/[operator]/page.tsx",
  "app/[locale]/(shop)/topup/[country]/page.tsx",
  "app/[locale]/(shop)/topup/not-found.tsx",
  "app/[locale]/(shop)/topup/page.tsx",
  "app/[locale]/(shop)/unlock/[brand]/[device]/[country]/[network]/[tool]/page.tsx",
  "app/[locale]/(shop)/unlock/[brand]/[device]/[country]/[network]/page.tsx",
  "app/[locale]/(shop)/unlock/[brand]/[device]/page.tsx",
  "app/[locale]/(shop)/unlock/[brand]/page.tsx",
  "app/[locale]/(shop)/unlock/page.tsx",
  "components/shop/account/auth-forms.tsx",
  "components/shop/account/recovery-forms.tsx",
  "components/shop/account/save-number-form.tsx",
  "components/shop/account/saved-numbers.tsx",
  "components/shop/account/settings-forms.tsx",
  "components/shop/checkout/email-and-pay.tsx",
  "components/shop/checkout/step-progress.tsx",
  "components/shop/esim/compatibility-check.tsx",
  "components/shop/esim/destination-banner.tsx",
  "components/shop/esim/destination-grid.tsx",
  "components/shop/esim/disabled-notice.tsx",
  "components/shop/esim/pay-form.tsx",
  "components/shop/esim/plan-card.tsx",
  "components/shop/esim/plan-facts.tsx",
  "components/shop/esim/plan-filters.tsx",
  "components/shop/esim/regional-suggestions.tsx",
  "components/shop/esim/review-step.tsx",
  "components/shop/esim/step-progress.tsx",
  "components/shop/giftcards/brand-info.tsx",
  "components/shop/giftcards/breadcrumbs.tsx",
  "components/shop/giftcards/catalog-notice.tsx",
  "components/shop/giftcards/denomination-step.tsx",
  "components/shop/giftcards/review-step.tsx",
  "components/shop/giftcards/search-form.tsx",
  "components/shop/giftcards/step-progress.tsx",
  "components/shop/imei-check/imei-check-form.tsx",
  "components/shop/orders/esim-copy-value.tsx",
  "components/shop/orders/esim-delivery.tsx",
  "components/shop/orders/esim-install-steps.tsx",
  "components/shop/orders/esim-qr.tsx",
  "components/shop/orders/esim-remaining-data.tsx",
  "components/shop/orders/fulfillment-details.tsx",
  "components/shop/orders/giftcard-code.tsx",
  "components/shop/orders/giftcard-delivery.tsx",
  "components/shop/orders/imeicheck-report.tsx",
  "components/shop/orders/order-status-view.tsx",
  "components/shop/orders/order-timeline.tsx",
  "components/shop/orders/payment-panel.tsx",
  "components/shop/orders/price-breakdown.tsx",
  "components/shop/orders/unlock-cancel.tsx",
  "components/shop/orders/unlock-check-now.tsx",
  "components/shop/orders/unlock-order-section.tsx",
  "components/shop/orders/unlock-placing-progress.tsx",
  "components/shop/topup/carrier-summary.tsx",
  "components/shop/topup/catalog-notices.tsx",
  "components/shop/topup/chosen-rate.tsx",
  "components/shop/topup/country-combobox.tsx",
  "components/shop/topup/country-grid.tsx",
  "components/shop/topup/operator-header.tsx",
  "components/shop/topup/pay-form.tsx",
  "components/shop/topup/phone-step.tsx",
  "components/shop/topup/product-table.tsx",
  "components/shop/topup/promotions.tsx",
  "components/shop/topup/rate-card.tsx",
  "components/shop/topup/rate-form.tsx",
  "components/shop/topup/rate-step.tsx",
  "components/shop/topup/review-step.tsx",
  "components/shop/topup/sms-message-field.tsx",
  "components/shop/topup/step-progress.tsx",
  "components/shop/topup/topup-shell.tsx",
  "components/shop/unlock/country-form.tsx",
  "components/shop/unlock/imei-suffix-fields.tsx",
  "components/shop/unlock/tool-list.tsx",
  "components/shop/unlock/unlock-order-form.tsx",
  "components/shop/unlock/unlock-shell.tsx",
  "components/ui/dialog.tsx",
  "components/ui/query-search-form.tsx",
]);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (name.endsWith(".tsx")) out.push(path);
  }
  return out;
}

/** Words, not symbols or numbers: "Pay now" counts, "·", "→", "%", "2" do not. */
const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text);

/** The English a file shows: each JSX text and shown attribute written as a literal. */
function hardCodedText(source: string, fileName = "file.tsx"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, " ").trim();
      if (hasWords(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init) ? init.text : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression) ? init.expression.text : null;
      if (literal !== null && hasWords(literal)) found.push(`${node.name.getText(file)}="${literal}"`);
    } else if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression) && ts.isJsxElement(node.parent)) {
      if (hasWords(node.expression.text)) found.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("buyer pages and components", () => {
  const buyerFiles = BUYER_CODE.flatMap((dir) => files(join(ROOT, dir))).map((path) => ({ path: relative(ROOT, path), found: hardCodedText(readFileSync(path, "utf8"), path) }));

  it("show no English written into the code", () => {
    const offenders = buyerFiles.filter((file) => file.found.length > 0 && !NOT_YET_TRANSLATED.has(file.path));
    expect(offenders.map((file) => `${file.path}: ${file.found.slice(0, 3).join(" | ")}`)).toEqual([]);
  });

  it("keep the list of files still to translate honest", () => {
    const done = buyerFiles.filter((file) => file.found.length === 0 && NOT_YET_TRANSLATED.has(file.path));
    expect(done.map((file) => file.path), "translated: take them off NOT_YET_TRANSLATED").toEqual([]);
    const known = new Set(buyerFiles.map((file) => file.path));
    expect([...NOT_YET_TRANSLATED].filter((path) => !known.has(path)), "no such file").toEqual([]);
  });

  it("finds text, labels and literal expressions, and ignores symbols and class names", () => {
    expect(hardCodedText(`const A = () => <p className="mt-2 text-sm">Pay now <span aria-label="Close">×</span>{"Or later"} · 2</p>;`)).toEqual(["Pay now", 'aria-label="Close"', "Or later"]);
    expect(hardCodedText(`const A = ({ t }) => <p title={t("x")}>{t("y")} → 42%</p>;`)).toEqual([]);
  });
});
