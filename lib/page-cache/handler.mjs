// The page cache behind the cached catalog pages (lib/http/cached-pages.ts): Next.js's
// incremental cache handler interface (next.config.mjs `cacheHandler`), kept in this process's
// memory, bounded in bytes (least recently used out first), so no visitor can grow the disk by
// asking for pages. Plain JavaScript: Next.js loads it with Node.js, outside the app's bundles.
//
// An entry is dropped when:
//  - its scope was expired after it was stored: lib/page-cache/invalidation.ts watches the
//    database and expires a product's pages within a second of its catalog changing, on every
//    instance (each instance has its own memory, none has to be told);
//  - one of its tags was revalidated (revalidateTag / revalidatePath in this process);
//  - it shows a catalog error or an old copy of the catalog (an element with
//    data-page-cache="short"): kept ten seconds only, so a page rendered while the supplier was
//    down does not stay broken, or its "as of 3 hours ago" wrong, for the page's lifetime.
// Next.js's own `revalidate` (stale-while-revalidate by time) still applies on top.

import { createByteLru } from "./byte-lru.mjs";

const SHORT_LIVED_MARKER = 'data-page-cache="short"';
const SHORT_LIVED_MS = 10_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

// On globalThis, not in this module: Next.js makes a handler per request, and the app's bundled
// code (lib/page-cache/scopes.ts → expireScopes below) is another copy of this module.
const REGISTRY = Symbol.for("reseller-shop.page-cache");

function registry() {
  globalThis[REGISTRY] ??= { expiredAt: new Map(), stores: new Map(), rendered: new Map() };
  return globalThis[REGISTRY];
}

/** How many twins' last rendering is remembered (pageFreshUntil), oldest forgotten first. */
const RENDERED_LIMIT = 10_000;

/** The pages of one budget (Next passes the same one every time; tests pass their own). */
function storeFor(maxBytes) {
  const { stores } = registry();
  if (!stores.has(maxBytes)) stores.set(maxBytes, createByteLru(maxBytes, maxBytes / 4));
  return stores.get(maxBytes);
}

/** Every page of these scopes stored up to `now` is dropped at its next request. */
export function expireScopes(scopes, now = Date.now()) {
  for (const scope of scopes) registry().expiredAt.set(scope, now);
}

/**
 * Whether a copy of a page of `scope` made at `since` is out of date: its scope or "all" was
 * expired since, or any tag was (a tag's pages are not known outside Next.js, so any tag counts).
 * For copies kept outside this store: scripts/serve.mjs's front cache (lib/http/front-cache.mjs).
 */
export function expiredSince(scope, since) {
  for (const [name, at] of registry().expiredAt) {
    if (at >= since && (name === scope || name === "all" || name.startsWith("tag:"))) return true;
  }
  return false;
}

/**
 * The header proxy.ts puts on a cached page's answer, naming its twin (/en/cached/1/esim/eu), so the
 * front cache knows the answer may be kept, until when (pageFreshUntil) and when it is out of
 * date (its scope, scopeOf the twin). The front cache takes it off before the answer leaves.
 */
export const PAGE_TWIN_HEADER = "x-shop-page-twin";

/** The concrete twin pathname among a page's implicit tags (`_N_T_/es/cached/1/esim/eu`), or null. */
function twinPathOf(tags) {
  for (const tag of tags) {
    const match = /^_N_T_(\/[a-z]{2}\/cached\/[^[]*)$/.exec(tag);
    if (match && !/\/(layout|page)$/.test(match[1])) return match[1];
  }
  return null;
}

/**
 * Until when Next.js answers the twin's stored rendering fresh (HIT): its last rendering plus
 * its `revalidate`, as Next.js reckons it; null when not known (never rendered here, or
 * forgotten). A copy of the page kept outside this store (the front cache) is given until then,
 * and never longer, so it is never older than the page cache itself would answer.
 * @param {string} twinPath
 * @returns {number | null}
 */
export function pageFreshUntil(twinPath) {
  const rendered = registry().rendered.get(twinPath);
  return rendered ? rendered.at + rendered.revalidateMs : null;
}

function noteRendered(twinPath, at, revalidateSeconds) {
  const { rendered } = registry();
  rendered.delete(twinPath);
  rendered.set(twinPath, { at, revalidateMs: revalidateSeconds * 1000 });
  if (rendered.size > RENDERED_LIMIT) rendered.delete(rendered.keys().next().value);
}

/**
 * The product a cached twin belongs to, from its pathname in the entry's implicit tags
 * (`_N_T_/es/cached/1/esim/eu` → "esim") or in the key (Next's keys are opaque but end in the
 * pathname). Other entries (the home page, images): "other", expired with "all" only.
 * @param {string} key
 * @param {string[]} tags
 * @returns {string}
 */
export function scopeOf(key, tags) {
  for (const text of [...tags, key]) {
    // The concrete pathname (/es/cached/1/…), not the route's own tags (/[locale]/cached/[edition]/layout).
    const match = /\/cached\/(?!\[)[^/]+\/([^/?]+)/.exec(text);
    if (match) return match[1];
  }
  return "other";
}

function textOf(value) {
  if (typeof value === "string") return value;
  if (
    value &&
    typeof value === "object" &&
    typeof value.toString === "function" &&
    (Buffer.isBuffer(value) || value instanceof Uint8Array)
  )
    return Buffer.from(value).toString("utf8");
  return "";
}

function sizeOf(data) {
  let bytes = 0;
  for (const part of [data.html, data.rscData, data.body, data.buffer]) {
    if (typeof part === "string") bytes += Buffer.byteLength(part);
    else if (part && typeof part.byteLength === "number") bytes += part.byteLength;
  }
  if (data.segmentData instanceof Map) for (const part of data.segmentData.values()) bytes += part?.byteLength ?? 0;
  return bytes || 1024;
}

function tagsOf(data) {
  const header = data.headers?.["x-next-cache-tags"];
  return typeof header === "string" ? header.split(",") : [];
}

function isExpired(entry, now) {
  const { expiredAt } = registry();
  if (entry.shortUntil !== null && now > entry.shortUntil) return true;
  const stored = entry.stored.lastModified;
  for (const name of [entry.scope, "all", ...entry.tags.map((tag) => `tag:${tag}`)]) {
    const at = expiredAt.get(name);
    if (at !== undefined && at >= stored) return true;
  }
  return false;
}

export default class PageCacheHandler {
  constructor(options = {}) {
    this.store = storeFor(options.maxMemoryCacheSize > 0 ? options.maxMemoryCacheSize : DEFAULT_MAX_BYTES);
  }

  async get(key) {
    const entry = this.store.get(key);
    if (!entry) return null;
    if (isExpired(entry, Date.now())) {
      this.store.delete(key);
      return null;
    }
    return entry.stored;
  }

  async set(key, data, ctx = {}) {
    if (!data) {
      this.store.delete(key);
      return;
    }
    const now = Date.now();
    const tags = tagsOf(data);
    const entry = {
      stored: { lastModified: now, value: data, cacheControl: ctx.cacheControl },
      scope: scopeOf(key, tags),
      tags,
      shortUntil: textOf(data.html).includes(SHORT_LIVED_MARKER) ? now + SHORT_LIVED_MS : null,
    };
    this.store.set(key, entry, sizeOf(data));
    const twin = twinPathOf(tags);
    const revalidate = ctx.cacheControl?.revalidate;
    if (twin && entry.shortUntil === null && typeof revalidate === "number" && revalidate > 0)
      noteRendered(twin, now, revalidate);
  }

  async revalidateTag(tags) {
    expireScopes((typeof tags === "string" ? [tags] : tags).map((tag) => `tag:${tag}`));
  }

  resetRequestCache() {}
}
