// Next.js's internal response headers (x-nextjs-cache, x-nextjs-prerender, x-nextjs-stale-time,
// x-middleware-rewrite, …) say how the answer was made: which route a path was rewritten to,
// whether it came from a cache. Nothing outside the server needs them, so scripts/serve.mjs
// takes them off every answer as it leaves (docs/security.md, "Headers"). This runs last, below
// every other wrapper of the answer: the front cache (lib/http/front-cache.mjs) still reads
// x-nextjs-cache to decide what to keep, and its copies, kept with the header, lose it on the
// way out too.
// Plain JavaScript: serve.mjs runs on Node.js alone.

/** A response header that belongs to Next.js's inner workings. */
export function isInternalHeader(name) {
  const lower = String(name).toLowerCase();
  return lower.startsWith("x-nextjs-") || lower.startsWith("x-middleware-");
}

/** writeHead's headers argument without internal headers: an object, a flat [name, value, …] list or a list of pairs. */
function withoutInternal(headers) {
  if (Array.isArray(headers)) {
    if (headers.length > 0 && Array.isArray(headers[0])) return headers.filter(([name]) => !isInternalHeader(name));
    const kept = [];
    for (let i = 0; i < headers.length; i += 2)
      if (!isInternalHeader(headers[i])) kept.push(headers[i], headers[i + 1]);
    return kept;
  }
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isInternalHeader(name)));
}

/**
 * Makes `res` send no internal header. Install it on the answer before anything else wraps
 * `writeHead` (the compression middleware, the front cache): those call the `writeHead` they
 * found, this one, last, just before Node.js writes the head. An answer sent without an explicit
 * writeHead goes through it as well (Node.js calls `this.writeHead` for implicit headers).
 * @param {import("node:http").ServerResponse} res
 */
export function stripInternalHeaders(res) {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithoutInternal(status, ...args) {
    for (const name of res.getHeaderNames()) if (isInternalHeader(name)) res.removeHeader(name);
    const cleaned = args.map((arg) => (arg && typeof arg === "object" ? withoutInternal(arg) : arg));
    return writeHead.call(this, status, ...cleaned);
  };
  return res;
}
