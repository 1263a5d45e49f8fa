import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No buyer-facing English written into a buyer component or page. Text a buyer reads or
// hears (JSX text, and the attributes a screen reader or browser shows: aria-label, title, alt,
// placeholder, label) comes from the message catalogs. Found by parsing the code, not by a
// pattern over it. Staff pages (app/admin, components/admin) may stay English.

const ROOT = join(__dirname, "..", "..");
const BUYER_CODE = ["app/[locale]", "components/shop", "components/ui"];
const SHOWN_ATTRIBUTES = new Set(["aria-label", "title", "alt", "placeholder", "label", "aria-description"]);

/**
 * Buyer files whose English is not yet in the catalogs: empty, every buyer page is
 * translated. A file may only be listed while it is being moved to messages/*.json; the test
 * fails on a listed file that has no English left, so the list only shrinks.
 */
const NOT_YET_TRANSLATED = new Set<string>([]);

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
      const literal = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : null;
      if (literal !== null && hasWords(literal)) found.push(`${node.name.getText(file)}="${literal}"`);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteralLike(node.expression) &&
      ts.isJsxElement(node.parent)
    ) {
      if (hasWords(node.expression.text)) found.push(node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("buyer pages and components", () => {
  const buyerFiles = BUYER_CODE.flatMap((dir) => files(join(ROOT, dir))).map((path) => ({
    path: relative(ROOT, path),
    found: hardCodedText(readFileSync(path, "utf8"), path),
  }));

  it("show no English written into the code", () => {
    const offenders = buyerFiles.filter((file) => file.found.length > 0 && !NOT_YET_TRANSLATED.has(file.path));
    expect(offenders.map((file) => `${file.path}: ${file.found.slice(0, 3).join(" | ")}`)).toEqual([]);
  });

  it("keep the list of files still to translate honest", () => {
    const done = buyerFiles.filter((file) => file.found.length === 0 && NOT_YET_TRANSLATED.has(file.path));
    expect(
      done.map((file) => file.path),
      "translated: take them off NOT_YET_TRANSLATED",
    ).toEqual([]);
    const known = new Set(buyerFiles.map((file) => file.path));
    expect(
      [...NOT_YET_TRANSLATED].filter((path) => !known.has(path)),
      "no such file",
    ).toEqual([]);
  });

  it("finds text, labels and literal expressions, and ignores symbols and class names", () => {
    expect(
      hardCodedText(
        `const A = () => <p className="mt-2 text-sm">Pay now <span aria-label="Close">×</span>{"Or later"} · 2</p>;`,
      ),
    ).toEqual(["Pay now", 'aria-label="Close"', "Or later"]);
    expect(hardCodedText(`const A = ({ t }) => <p title={t("x")}>{t("y")} → 42%</p>;`)).toEqual([]);
  });
});
