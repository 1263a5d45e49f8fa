// scripts/serve.mjs's front door for machine endpoints: a route the app
// registers here (method and exact path) is answered without Next.js's request pipeline, whose
// 1.5–2 ms of CPU per request would be most of a webhook delivery's cost (docs/benchmarks.md). The
// handler is the app's own code, registered by instrumentation.ts in this process; until it is,
// and for everything else, the request goes on to Next.js.
//
// The handler gets the headers and the body read with a byte cap, and answers a status and a
// JSON body: no Web Request, stream or Response in between (turning Node's request into a Web
// Request and back cost more than storing the delivery). Answers get the headers next.config.mjs
// gives those routes (./machine-headers.mjs).
// Plain JavaScript: serve.mjs runs on Node.js alone.

import { MACHINE_ONLY_HEADERS } from "./machine-headers.mjs";

/**
 * `ok`: the whole body, as sent. Not ok: larger than the route's cap; `prefix` is its start (up
 * to `prefixBytes`) and `bytes` the size known (the declared length, or what arrived before
 * reading stopped). The same shape as lib/webhooks/read-body.ts's readRawBody.
 * @typedef {{ ok: true, text: string, bytes: number } | { ok: false, prefix: string, bytes: number }} FrontBody
 * @typedef {{ headers: Headers, body: FrontBody }} FrontRequest
 * @typedef {{ status: number, body: unknown }} FrontAnswer
 * @typedef {{ maxBodyBytes: number, prefixBytes: number, handle: (request: FrontRequest) => Promise<FrontAnswer> }} FrontRoute
 */

// On globalThis: the app's bundled code registers, serve.mjs (another copy of this module) looks up.
const ROUTES = Symbol.for("reseller-shop.front-routes");

/** @returns {Map<string, FrontRoute>} */
function routes() {
  globalThis[ROUTES] ??= new Map();
  return globalThis[ROUTES];
}

/**
 * Answers `method pathname` (no query) with `route.handle` before Next.js.
 * @param {string} method
 * @param {string} pathname
 * @param {FrontRoute} route
 */
export function registerFrontRoute(method, pathname, route) {
  routes().set(`${method} ${pathname}`, route);
}

/** @param {string} method @param {string} pathname */
export function unregisterFrontRoute(method, pathname) {
  routes().delete(`${method} ${pathname}`);
}

const ANSWER_HEADERS = Object.fromEntries([
  ...MACHINE_ONLY_HEADERS.map(({ key, value }) => [key, value]),
  ["Cache-Control", "no-store"],
  ["Content-Type", "application/json"],
]);

/**
 * The body, up to `maxBytes`. A declared oversize body is refused at once (only its prefix is
 * read); one that passes the cap while arriving stops being read there, so a sender can never
 * make the shop hold more than the cap.
 * @param {import("node:http").IncomingMessage} req
 * @param {FrontRoute} route
 * @returns {Promise<FrontBody>}
 */
function readBody(req, { maxBodyBytes, prefixBytes }) {
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  const declaredTooLarge = Number.isFinite(declared) && declared > maxBodyBytes;
  const stopAfter = declaredTooLarge ? prefixBytes : maxBodyBytes;
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let bytes = 0;
    const finish = (stopped) => {
      req.off("data", onData).off("end", onEnd).off("error", reject);
      const body = Buffer.concat(chunks);
      if (declaredTooLarge || stopped)
        resolve({
          ok: false,
          prefix: body.subarray(0, prefixBytes).toString("utf8"),
          bytes: Math.max(bytes, declaredTooLarge ? declared : 0),
        });
      else resolve({ ok: true, text: new TextDecoder().decode(body), bytes });
    };
    const onData = (chunk) => {
      chunks.push(chunk);
      bytes += chunk.byteLength;
      if (bytes > stopAfter) {
        req.pause();
        finish(true);
      }
    };
    const onEnd = () => finish(false);
    req.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

/** @param {import("node:http").IncomingHttpHeaders} incoming */
function headersOf(incoming) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * @param {FrontRoute} route
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
async function answer(route, req, res) {
  let result;
  let body;
  try {
    body = await readBody(req, route);
    result = await route.handle({ headers: headersOf(req.headers), body });
  } catch {
    // The handlers answer their own failures; this is a bug or a broken connection, and never a stack trace.
    result = { status: 500, body: { error: { code: "internal", message: "The request could not be handled." } } };
  }
  if (res.destroyed) return;
  // A body left unread (over the cap) is not waited for: the connection ends with the answer.
  const headers = body?.ok === false ? { ...ANSWER_HEADERS, Connection: "close" } : ANSWER_HEADERS;
  res.writeHead(result.status, headers).end(JSON.stringify(result.body));
}

/** serve.mjs's handler: a registered route's answer, else `handle` (Next.js). */
export function withFrontRoutes(handle) {
  return (req, res) => {
    const pathname = (req.url ?? "").split("?")[0];
    const route = routes().get(`${req.method} ${pathname}`);
    if (!route) return handle(req, res);
    void answer(route, req, res);
  };
}
