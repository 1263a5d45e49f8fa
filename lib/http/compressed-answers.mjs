// Compressed answers for scripts/serve.mjs: every answer is compressed as `next start`
// compresses it (the `compression` middleware, which Next.js itself vendors; next.config.mjs
// turns Next's own off), and an answer Next.js sends whole with an ETag (a page from the page
// cache, its RSC payload, a prerendered page) is compressed once per ETag and kept: the same
// bytes compressed again on every view would be most of a cached page's cost (docs/benchmarks.md).
// Plain JavaScript: serve.mjs runs on Node.js alone.
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compression from "compression";
import { createByteLru } from "../page-cache/byte-lru.mjs";

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml|text\/x-component)/i;
/** Below this, compression saves less than its headers cost. */
export const MIN_BYTES = 1024;

/** The compressed bodies kept, bounded in bytes (a body over an eighth of it is not kept). */
export function createCompressedStore(maxBytes = 32 * 1024 * 1024) {
  return createByteLru(maxBytes, maxBytes / 8);
}

/** "br" when the client takes it (smaller, and paid once), else "gzip", else null. */
export function chosenEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip") || accepted.includes("*")) return "gzip";
  return null;
}

export function compress(body, encoding) {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body);
}

/**
 * Wraps `res` so that a whole answer with an ETag goes out compressed from `store`. Must be
 * installed after the compression middleware (its `end` is the one this calls): the middleware
 * then sees a Content-Encoding and lets the bytes through.
 */
function rememberCompressed(req, res, store) {
  const encoding = req.method === "GET" ? chosenEncoding(req.headers["accept-encoding"]) : null;
  if (!encoding) return;
  const end = res.end;
  res.end = function endCompressed(chunk, ...rest) {
    res.end = end;
    const etag = res.getHeader("etag");
    const whole = typeof chunk === "string" || Buffer.isBuffer(chunk);
    if (
      !whole ||
      typeof etag !== "string" ||
      res.headersSent ||
      res.statusCode !== 200 ||
      res.getHeader("content-encoding") ||
      !COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""))
    ) {
      return end.call(this, chunk, ...rest);
    }
    const body = typeof chunk === "string" ? Buffer.from(chunk, typeof rest[0] === "string" ? rest[0] : "utf8") : chunk;
    if (body.length < MIN_BYTES) return end.call(this, chunk, ...rest);
    const key = `${encoding}:${etag}:${body.length}`;
    let compressed = store.get(key);
    if (!compressed) {
      compressed = compress(body, encoding);
      store.set(key, compressed, compressed.length);
    }
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", compressed.length);
    return end.call(this, compressed, typeof rest.at(-1) === "function" ? rest.at(-1) : undefined);
  };
}

/** The request handler's wrapper: `withCompression(handle)` → a handler for node:http. */
export function withCompression(handle, store = createCompressedStore()) {
  const middleware = compression();
  return (req, res) => {
    middleware(req, res, () => {
      rememberCompressed(req, res, store);
      void handle(req, res);
    });
  };
}
