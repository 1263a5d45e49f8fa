// The CSP of a cached catalog page's document (docs/security.md, "Headers"): one rendering serves
// every visitor, so it cannot carry a per-response nonce; instead its policy lists the SHA-256 of
// each inline script the document holds (Next.js's bootstrap and RSC payload, the theme script),
// and 'self' for the build's script files. The hashes are computed once per rendering (or per
// front-cache copy), not per answer, so copies stay byte-identical and are compressed once
// (lib/http/front-cache.mjs). Plain JavaScript: scripts/serve.mjs runs on Node.js alone.
import { createHash } from "node:crypto";

const SCRIPT_OPEN = /<script(?=[\s>/])/gi;
const SCRIPT_CLOSE = /<\/script(?=[\s>/])/gi;

/** The end of the start tag that begins at `from` (the index after its `>`), minding quoted attribute values; -1 if unterminated. */
function startTagEnd(text, from) {
  let quote = null;
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ">") return at + 1;
  }
  return -1;
}

/**
 * The CSP sources (`'sha256-…'`) of every inline script in `html`, each once, in document order.
 * An inline script is a <script> element without a src attribute; its hash is over the exact bytes
 * between its start and end tags, as a browser computes it. A script with a src is allowed by
 * 'self' and needs none. Returns null when the document cannot be read to its end (an
 * unterminated tag): the caller then keeps a policy that allows no inline script (fails closed).
 * @param {Buffer | string} html
 * @returns {string[] | null}
 */
export function inlineScriptHashes(html) {
  const bytes = typeof html === "string" ? Buffer.from(html, "utf8") : html;
  // latin1: one character per byte, so the indexes found are byte offsets into `bytes`.
  const text = bytes.toString("latin1");
  const hashes = new Set();
  SCRIPT_OPEN.lastIndex = 0;
  for (let open = SCRIPT_OPEN.exec(text); open; open = SCRIPT_OPEN.exec(text)) {
    const contentStart = startTagEnd(text, open.index + open[0].length);
    if (contentStart < 0) return null;
    SCRIPT_CLOSE.lastIndex = contentStart;
    const close = SCRIPT_CLOSE.exec(text);
    if (!close) return null;
    const tag = text.slice(open.index, contentStart);
    if (!/\ssrc\s*=/i.test(tag))
      hashes.add(`'sha256-${createHash("sha256").update(bytes.subarray(contentStart, close.index)).digest("base64")}'`);
    SCRIPT_OPEN.lastIndex = close.index + close[0].length;
  }
  return [...hashes];
}

/**
 * `csp` with its script-src allowing exactly these inline scripts: their hashes added, and any
 * 'unsafe-inline', 'strict-dynamic' or nonce taken out ('self' still allows the build's files).
 * A policy without a script-src is returned as it is (default-src then allows no inline script).
 * @param {string} csp
 * @param {string[]} hashes
 * @returns {string}
 */
export function withScriptHashes(csp, hashes) {
  return csp
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "")
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name.toLowerCase() !== "script-src") return directive;
      const kept = sources.filter((source) => !/^'(unsafe-inline|strict-dynamic|nonce-[^']*)'$/i.test(source));
      for (const hash of hashes) if (!kept.includes(hash)) kept.push(hash);
      return [name, ...kept].join(" ");
    })
    .join("; ");
}

/**
 * The policy for a cached page's document `html`, from the strict one proxy.ts set on it (which
 * allows no inline script but the theme script): null when the hashes cannot be computed, and
 * the strict policy then stays.
 * @param {string} csp
 * @param {Buffer | string} html
 * @returns {string | null}
 */
export function documentPolicy(csp, html) {
  const hashes = inlineScriptHashes(html);
  return hashes === null ? null : withScriptHashes(csp, hashes);
}
