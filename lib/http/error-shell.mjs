// A notFound() raised while a page renders (an unknown order, country or brand; any unknown
// address, app/[locale]/(shop)/[...rest]) is answered by Next.js with a bare error shell:
// `<html id="__next_error__">` with no `lang` and an empty body, which only JavaScript fills in
// (Next.js renders it on the client: vercel/next.js#62228). Crawlers, screen readers reading the
// served document and visitors without JavaScript got nothing. scripts/serve.mjs passes Next's
// answers through here: a 404 page's shell gets the address's language and a plain message with
// a way back, which the client's own rendering then replaces. The title is the not-found files'
// metadata (app/[locale]/not-found-metadata.ts).
// Plain JavaScript: serve.mjs runs on Node.js alone.

import { readFileSync } from "node:fs";
import { splitLocale, localizedPath } from "../i18n/locale-routing.mjs";

const SHELL = '<html id="__next_error__">';
const BODY = "<body>";

/** @type {Map<string, { title: string; body: string; back: string }>} */
const words = new Map();

function wordsFor(locale) {
  if (!words.has(locale)) {
    const messages = JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8"));
    words.set(locale, {
      title: messages.Status.notFoundTitle,
      body: messages.Status.notFoundBody,
      back: messages.Status.backToShop,
    });
  }
  return words.get(locale);
}

const escape = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The served document of a not-found shell, in `locale`: lang on <html>, a message in <body>. */
export function localizeShell(html, locale) {
  const { title, body, back } = wordsFor(locale);
  const message = `<main id="main"><h1>${escape(title)}</h1><p>${escape(body)}</p><p><a href="${localizedPath("/", locale)}">${escape(back)}</a></p></main>`;
  return html.replace(SHELL, `<html id="__next_error__" lang="${locale}">`).replace(BODY, `${BODY}${message}`);
}

/**
 * Wraps a request handler (Next.js's): a 404 HTML answer that opens with the error shell is
 * given the address's language and message. Other answers pass untouched. The shell and its
 * <body> come in Next.js's first chunks; once both are seen (or the answer is not such a shell)
 * every later chunk passes as it is.
 */
export function withLocalizedErrorShell(handle) {
  return (req, res) => {
    const { locale } = splitLocale(new URL(req.url ?? "/", "http://shop").pathname);
    let pending = true;
    let shellSeen = false;
    /** The chunk to send instead of `chunk`, or null to send it as it is. */
    const rewritten = (chunk) => {
      if (!pending || chunk == null || typeof chunk === "function") return null;
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const isHtml404 = res.statusCode === 404 && String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (!isHtml404 || (!shellSeen && !text.includes(SHELL)) || (res.headersSent && res.hasHeader("content-length"))) {
        pending = false;
        return null;
      }
      shellSeen = true;
      if (text.includes(BODY)) pending = false;
      if (!res.headersSent) res.removeHeader("content-length");
      return Buffer.from(localizeShell(text, locale), "utf8");
    };
    // write(chunk[, encoding][, callback]) and end([chunk][, encoding][, callback]): a rewritten
    // chunk is bytes, so its encoding argument goes; the callback stays.
    const write = res.write;
    const end = res.end;
    res.write = function writeLocalized(chunk, ...rest) {
      const replaced = rewritten(chunk);
      return replaced
        ? write.call(this, replaced, ...rest.filter((arg) => typeof arg === "function"))
        : write.call(this, chunk, ...rest);
    };
    res.end = function endLocalized(chunk, ...rest) {
      const replaced = rewritten(chunk);
      return replaced
        ? end.call(this, replaced, ...rest.filter((arg) => typeof arg === "function"))
        : end.call(this, chunk, ...rest);
    };
    return handle(req, res);
  };
}
