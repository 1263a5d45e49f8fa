// scripts/serve.mjs's front cache (docs/architecture.md "Page cache", docs/security.md
// "Headers"): answers that are the same for every visitor are kept, whole, in front of Next.js
// and given again without entering it, which spends 2–4 ms of CPU even on a page from the page
// cache. Kept: a cached catalog page or its RSC payload (proxy.ts marks it with its twin,
// PAGE_TWIN_HEADER), given while the page cache answers that rendering fresh (pageFreshUntil;
// PAGE_COPY_MS when not known) and never once its scope was expired after the request that made
// it began; and public answers a CDN could keep (build files, catalog images, prerendered files).
// A copy is keyed by URL, currency and each request header Next.js varies on; it is made only of
// a 200 with no cookie but the submitter cookie, a page only once served from the page cache
// (not its first rendering, not stale, not short-lived), at most an eighth of the store. A
// signed-in visitor, an action, a method other than GET and HEAD, or a page load proxy.ts would
// send to another language never meets a copy; the submitter cookie is never replayed.
// A stale answer to a prefetch asks for the page's document once (`refreshStale`): Next.js
// renders a stale page again only for its document, so a page reached only by prefetch would
// stay stale for good. A cached document's CSP gets its inline scripts' hashes here; one that
// cannot be hashed keeps proxy.ts's policy (it fails closed).
// Plain JavaScript: serve.mjs runs on Node.js alone.

import { isSessionCookie } from "../auth/session-cookie.mjs";
import { isDocumentRequest, localeRedirect, LOCALE_COOKIE } from "../i18n/locale-routing.mjs";
import { chosenCurrency, CURRENCY_COOKIE, visitorCurrency } from "../i18n/currency-routing.mjs";
import {
  needsSubmitterCookie,
  newSubmitterSecret,
  submitterCookieName,
  submitterSetCookie,
} from "../orders/submitter-cookie.mjs";
import { createByteLru } from "../page-cache/byte-lru.mjs";
import { expiredSince, PAGE_TWIN_HEADER, pageFreshUntil, scopeOf } from "../page-cache/handler.mjs";
import { chosenEncoding, COMPRESSIBLE, compress, MIN_BYTES, withCompression } from "./compressed-answers.mjs";
import { documentPolicy } from "./inline-script-hashes.mjs";

/** The request headers Next.js varies a page's answer on (besides the URL). */
const VARIED_HEADERS = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
];
const STATIC_PREFIX = "/_next/static/";
/** Copies of public answers: never expired by a scope, only by their own lifetime. */
const PUBLIC_SCOPE = "public";
/** Copies of prerendered public files: a page scope of no product (lib/page-cache/handler.mjs scopeOf). */
const PRERENDERED_SCOPE = "other";
/** How long a page's copy is given when its rendering's freshness is not known (pageFreshUntil), and a public answer's at most. */
export const PAGE_COPY_MS = 30_000;
/** A short-lived page (lib/page-cache/handler.mjs) is not copied. */
const SHORT_LIVED_ATTRIBUTE = "data-page-cache";
/** How often a stale page's document is asked for, at most, so that Next.js renders it again. */
export const STALE_REFRESH_MS = 10_000;
/** A page's document larger than this is not held for its CSP: it goes out under the strict policy proxy.ts set. */
const MAX_HELD_BYTES = 8 * 1024 * 1024;
/** Headers that belong to one answer, not to the copy. */
const NOT_REPLAYED = new Set([
  "set-cookie",
  "date",
  "age",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  PAGE_TWIN_HEADER,
]);

function cookiesOf(header) {
  const cookies = new Map();
  for (const part of String(header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

function headerText(value) {
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

/** The copy a request may be answered with, or null when it must reach Next.js. */
function keyOf(req, cookies) {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.headers["next-action"]) return null;
  const url = req.url ?? "";
  if (url.startsWith(STATIC_PREFIX)) return url;
  if ([...cookies.keys()].some(isSessionCookie)) return null;
  if (sentToAnotherLanguage(req, url, cookies)) return null;
  // A page is priced in the visitor's currency: a copy serves only visitors of the same one.
  const currency = visitorCurrency({
    cookie: cookies.get(CURRENCY_COOKIE),
    acceptLanguage: headerText(req.headers["accept-language"]),
  });
  return [url, currency, ...VARIED_HEADERS.map((name) => headerText(req.headers[name]))].join("\n");
}

/** A page load proxy.ts would redirect to the visitor's language: no copy of this URL suits it. */
function sentToAnotherLanguage(req, url, cookies) {
  const header = (name) => headerText(req.headers[name]) || null;
  if (!isDocumentRequest(header)) return false;
  const parsed = new URL(url, "http://shop");
  if (chosenCurrency(parsed.searchParams)) return true; // the currency switcher's link: proxy.ts redirects it
  const request = {
    method: req.method,
    pathname: parsed.pathname,
    searchParams: parsed.searchParams,
    cookie: cookies.get(LOCALE_COOKIE),
    acceptLanguage: header("accept-language"),
    isDocument: true,
  };
  return localeRedirect(request) !== null;
}

/** Where Next.js (and proxy.ts) would take the answer to be secure: https in front, or APP_URL. */
function isSecure(req) {
  return (
    Boolean(req.socket?.encrypted) ||
    headerText(req.headers["x-forwarded-proto"]).includes("https") ||
    /^https:\/\//i.test(process.env.APP_URL ?? "")
  );
}

function lowerCased(headers) {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
}

function bufferOf(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

function onlySubmitterCookie(setCookie) {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)];
  return cookies.every((cookie) => cookie.startsWith(`${submitterCookieName()}=`));
}

function variesOnlyOnKnownHeaders(vary) {
  return headerText(vary)
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .every((name) => name === "" || name === "accept-encoding" || VARIED_HEADERS.includes(name));
}

/** Cache-Control's max-age in seconds, or null. */
function maxAgeOf(cacheControl) {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/**
 * How a finished answer is copied ({ scope, until }), or null when it is not. A page (marked with
 * its twin): under its twin's scope, until the twin's rendering is no longer fresh
 * (pageFreshUntil), else for PAGE_COPY_MS. A public answer any shared cache may keep (a build
 * file, a catalog image): for its max-age, at most PAGE_COPY_MS, or for good when immutable.
 */
function copyPlan(status, headers, markedTwin, body, now) {
  if (status !== 200 || !body || headers["content-encoding"] || !variesOnlyOnKnownHeaders(headers.vary)) return null;
  if (!onlySubmitterCookie(headers["set-cookie"])) return null;
  if (typeof markedTwin === "string" && markedTwin !== "") {
    // From the page cache (HIT), not a first rendering (MISS) or an old one (STALE): a copy then
    // says truly where it came from, and a page is copied only once it has been cached.
    if (headerText(headers["x-nextjs-cache"]).toUpperCase() !== "HIT" || body.includes(SHORT_LIVED_ATTRIBUTE))
      return null;
    return { scope: scopeOf(markedTwin, []), until: pageFreshUntil(markedTwin) ?? now + PAGE_COPY_MS };
  }
  const cacheControl = headerText(headers["cache-control"]).toLowerCase();
  if (headers["set-cookie"] || !/\bpublic\b/.test(cacheControl) || /\b(private|no-store|no-cache)\b/.test(cacheControl))
    return null;
  if (/\bimmutable\b/.test(cacheControl)) return { scope: PUBLIC_SCOPE, until: Infinity };
  const maxAge = maxAgeOf(cacheControl);
  if (maxAge) return { scope: PUBLIC_SCOPE, until: now + Math.min(maxAge * 1000, PAGE_COPY_MS) };
  // A public file Next.js prerendered at build and answers from its own cache (the icon), asking
  // browsers to revalidate: kept as a page is, under no product, so only "all" drops it early.
  return headerText(headers["x-nextjs-cache"]).toUpperCase() === "HIT"
    ? { scope: PRERENDERED_SCOPE, until: now + PAGE_COPY_MS }
    : null;
}

function matchesEtag(ifNoneMatch, etag) {
  if (!ifNoneMatch || !etag) return false;
  return headerText(ifNoneMatch)
    .split(",")
    .some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, ""));
}

/** The last documents' policies, by ETag: a rendering answered again from the page cache is hashed once. */
const POLICIES_KEPT = 500;
const policies = new Map();

/**
 * The CSP of a cached page's document (lib/http/inline-script-hashes.mjs): `csp`, the strict
 * policy proxy.ts set, with the hashes of the document's inline scripts; null when they cannot
 * be computed (the strict policy stays). The same rendering (its ETag, over its bytes, and its
 * length) is hashed once.
 */
function documentPolicyOf(csp, document, etag) {
  if (!csp) return null;
  const key = etag ? `${etag}\n${csp}` : null;
  const known = key === null ? undefined : policies.get(key);
  if (known && known.length === document.length) return known.policy;
  const policy = documentPolicy(csp, document);
  if (key !== null && policy !== null) {
    if (policies.size >= POLICIES_KEPT) policies.delete(policies.keys().next().value);
    policies.set(key, { length: document.length, policy });
  }
  return policy;
}

/**
 * The policy of the document a 304 stands for (its ETag), or null when it is not known. A
 * browser replaces the headers of the answer it kept with a 304's, the CSP included: a 304 must
 * not carry a policy that lacks the document's hashes.
 */
function knownDocumentPolicy(csp, etag) {
  return (csp && etag && policies.get(`${etag}\n${csp}`)?.policy) || null;
}

/** The document a page's URL stands for: the URL without the router's `_rsc` cache buster. */
function documentUrlOf(url) {
  const parsed = new URL(url, "http://shop");
  parsed.searchParams.delete("_rsc");
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The front cache: `serve` answers from a copy, `record` makes one from Next.js's answer.
 * `refreshStale(url)` asks for a page's document (scripts/serve.mjs: a GET to itself), called
 * when Next.js answered the page STALE.
 * @param {number} [maxBytes]
 * `maxHeldBytes`: a cached page's document larger than this is not held for its CSP's hashes.
 * @param {{ refreshStale?: (documentUrl: string) => void, maxHeldBytes?: number }} [options]
 */
export function createFrontCache(
  maxBytes = 48 * 1024 * 1024,
  { refreshStale = () => {}, maxHeldBytes = MAX_HELD_BYTES } = {},
) {
  const copies = createByteLru(maxBytes, maxBytes / 8);
  const maxCopyBytes = maxBytes / 8;
  /** When each stale page's document was last asked for. */
  const refreshedAt = new Map();

  function staleAnswerSeen(url, now) {
    const documentUrl = documentUrlOf(url);
    if (now - (refreshedAt.get(documentUrl) ?? -Infinity) < STALE_REFRESH_MS) return;
    // Bounded: entries older than the window are no use; drop them when the map grows.
    if (refreshedAt.size >= 1_000)
      for (const [key, at] of refreshedAt) if (now - at >= STALE_REFRESH_MS) refreshedAt.delete(key);
    refreshedAt.set(documentUrl, now);
    refreshStale(documentUrl);
  }

  function isCurrent(copy, now) {
    return now < copy.until && (copy.scope === PUBLIC_SCOPE || !expiredSince(copy.scope, copy.since));
  }

  /** Answers `req` from a copy; false when there is none (the request then goes to Next.js). */
  function serve(req, res) {
    const cookies = cookiesOf(req.headers.cookie);
    const key = keyOf(req, cookies);
    if (key === null) return false;
    const copy = copies.get(key);
    if (!copy) return false;
    if (!isCurrent(copy, Date.now())) {
      copies.delete(key);
      return false;
    }
    const headers = { ...copy.headers };
    if (
      copy.scope !== PUBLIC_SCOPE &&
      needsSubmitterCookie(req.method, copy.pathname, cookies.get(submitterCookieName()))
    ) {
      headers["set-cookie"] = submitterSetCookie(newSubmitterSecret(), isSecure(req));
    }
    if (matchesEtag(req.headers["if-none-match"], headerText(headers.etag))) {
      delete headers["content-type"];
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    let body = copy.body;
    if (COMPRESSIBLE.test(headerText(headers["content-type"])) && body.length >= MIN_BYTES) {
      headers.vary = headers.vary ? `${headerText(headers.vary)}, Accept-Encoding` : "Accept-Encoding";
      const encoding = chosenEncoding(req.headers["accept-encoding"]);
      if (encoding) {
        copy.encoded[encoding] ??= compress(body, encoding);
        body = copy.encoded[encoding];
        headers["content-encoding"] = encoding;
      }
    }
    headers["content-length"] = String(body.length);
    // As any HTTP cache does: how old the copy is (and so that it was one).
    headers.age = String(Math.floor((Date.now() - copy.since) / 1000));
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /** Watches Next.js's answer to `req` and keeps a copy when it may be given again. */
  function record(req, res) {
    if (req.method !== "GET") return;
    // A page's document is watched even when it may not be copied: its CSP needs its body.
    const key = keyOf(req, cookiesOf(req.headers.cookie));
    const since = Date.now();
    const url = req.url ?? "";
    // A document or navigation that finds its page stale has Next.js render it again; a prefetch does not.
    const isPrefetch = Boolean(req.headers["next-router-prefetch"]);
    let markedTwin;
    // Next.js's own headers, as they were before the compression below added its own.
    let sent = null;
    const takeHeaders = (extra) => {
      markedTwin = res.getHeader(PAGE_TWIN_HEADER) ?? extra?.[PAGE_TWIN_HEADER] ?? markedTwin;
      res.removeHeader(PAGE_TWIN_HEADER);
      if (extra) delete extra[PAGE_TWIN_HEADER];
      sent = { status: res.statusCode, headers: { ...res.getHeaders(), ...lowerCased(extra) } };
    };
    const chunks = [];
    let bytes = 0;
    let whole = key !== null;
    const capture = (chunk, encoding) => {
      if (!whole || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = bufferOf(chunk, encoding);
      bytes += buffer?.length ?? 0;
      if (!buffer || bytes > maxCopyBytes) {
        whole = false;
        chunks.length = 0;
      } else chunks.push(buffer);
    };

    // A cached page's document (marked with its twin) is held until its end, its headers
    // included: its CSP then lists the hashes of its inline scripts (documentPolicyOf). Null
    // while nothing is held; once the headers went out, nothing is held again.
    let held = null;
    let heldBytes = 0;
    let decided = false;
    const { writeHead, write, end, flushHeaders } = res;
    /** Called as the headers would go out: holds a page's document. */
    const decide = (extra) => {
      takeHeaders(extra);
      if (decided) return;
      decided = true;
      const contentType = headerText(
        extra?.["content-type"] ?? extra?.["Content-Type"] ?? res.getHeader("content-type"),
      );
      if (
        typeof markedTwin === "string" &&
        markedTwin !== "" &&
        res.statusCode !== 304 &&
        /^text\/html\b/i.test(contentType)
      ) {
        if (extra) for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
        held = [];
      }
    };
    /** Too large to hold: sent as it is, under the strict policy proxy.ts set (no inline script). */
    const release = () => {
      const chunksHeld = held;
      held = null;
      writeHead.call(res, res.statusCode);
      for (const buffer of chunksHeld) {
        capture(buffer);
        write.call(res, buffer);
      }
    };
    const hold = (chunk, encoding) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = bufferOf(chunk, encoding);
      if (!buffer) {
        release();
        capture(chunk, encoding);
        write.call(res, chunk, encoding);
        return;
      }
      held.push(buffer);
      heldBytes += buffer.length;
      if (heldBytes > maxHeldBytes) release();
    };

    res.writeHead = function writeHeadWithoutMarker(status, ...args) {
      res.statusCode = status;
      const extra = args.find((arg) => arg && typeof arg === "object" && !Array.isArray(arg));
      if (typeof args[0] === "string") res.statusMessage = args[0];
      if (!res.headersSent && !Array.isArray(args.at(-1))) decide(extra);
      else takeHeaders(extra);
      if (held !== null) return this;
      return writeHead.call(this, status, ...args);
    };
    res.flushHeaders = function flushHeadersUnlessHeld() {
      if (!res.headersSent && !decided) decide();
      if (held !== null) return;
      return flushHeaders.call(this);
    };
    res.write = function writeCaptured(chunk, encoding, ...rest) {
      if (!res.headersSent && !decided) decide();
      if (held !== null) {
        hold(chunk, encoding);
        const callback = [encoding, ...rest].find((arg) => typeof arg === "function");
        if (callback) process.nextTick(callback);
        return true;
      }
      capture(chunk, encoding);
      return write.call(this, chunk, encoding, ...rest);
    };
    res.end = function endCaptured(chunk, encoding, ...rest) {
      res.writeHead = writeHead;
      res.flushHeaders = flushHeaders;
      res.write = write;
      res.end = end;
      if (!res.headersSent && !decided) decide();
      let result;
      const callback = [chunk, encoding, ...rest].find((arg) => typeof arg === "function");
      const wasHeld = held !== null;
      if (wasHeld) hold(chunk, encoding);
      if (held !== null) {
        const document = Buffer.concat(held);
        held = null;
        const policy = documentPolicyOf(
          headerText(res.getHeader("content-security-policy")),
          document,
          headerText(res.getHeader("etag")),
        );
        if (policy !== null) {
          res.setHeader("content-security-policy", policy);
          if (sent) sent.headers["content-security-policy"] = policy;
        }
        capture(document);
        result = end.call(this, document, callback);
      } else if (wasHeld) {
        // Released with this last chunk, which went out with the rest.
        result = end.call(this, callback);
      } else {
        if (!res.headersSent && res.statusCode === 304 && typeof markedTwin === "string" && markedTwin !== "") {
          // Without the document's policy known, none: the browser keeps the one it has for it.
          const policy = knownDocumentPolicy(
            headerText(res.getHeader("content-security-policy")),
            headerText(res.getHeader("etag")),
          );
          if (policy) res.setHeader("content-security-policy", policy);
          else res.removeHeader("content-security-policy");
        }
        capture(chunk, encoding);
        result = end.call(this, chunk, encoding, ...rest);
      }
      if (!sent || key === null) return result;
      const { status, headers } = sent;
      const body = whole ? Buffer.concat(chunks) : null;
      const plan = copyPlan(status, headers, markedTwin, body, since);
      const stale =
        typeof markedTwin === "string" &&
        markedTwin !== "" &&
        headerText(headers["x-nextjs-cache"]).toUpperCase() === "STALE";
      if (stale && isPrefetch) staleAnswerSeen(url, Date.now());
      if (plan !== null) {
        const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_REPLAYED.has(name)));
        const pathname = url.split("?")[0];
        // Compressed forms come later, at about half the body's size together.
        copies.set(
          key,
          { ...plan, since, pathname, headers: kept, body, encoded: {} },
          Math.ceil(body.length * 1.5) + key.length,
        );
      }
      return result;
    };
  }

  return { serve, record, size: () => copies.size };
}

/**
 * scripts/serve.mjs's request handler around Next.js's: a copy when there is one, else Next.js
 * (compressed: lib/http/compressed-answers.mjs) with its answer watched for a copy.
 */
export function withFrontCache(handle, cache = createFrontCache()) {
  const compressed = withCompression((req, res) => {
    cache.record(req, res);
    return handle(req, res);
  });
  return (req, res) => {
    if (!cache.serve(req, res)) compressed(req, res);
  };
}
