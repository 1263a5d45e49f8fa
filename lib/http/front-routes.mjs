// scripts/serve.mjs's front door for machine endpoints ([13] performance): a route the app
// registers here (method and exact path) is answered without Next.js's request pipeline, whose
// 1.5–2 ms of CPU per request was most of a webhook delivery's cost (docs/benchmarks.md). The
// handler is the app's own code (a Web Request in, a Response out: the same function the
// Next.js route calls), registered by instrumentation.ts in this process; until it is, and for
// everything else, the request goes on to Next.js. Answers get the headers next.config.mjs
// gives those routes (./machine-headers.mjs).
// Plain JavaScript: serve.mjs runs on Node.js alone.

import { getRequestListener } from "@hono/node-server";
import { MACHINE_ONLY_HEADERS } from "./machine-headers.mjs";

// On globalThis: the app's bundled code registers, serve.mjs (another copy of this module) looks up.
const ROUTES = Symbol.for("reseller-shop.front-routes");

function routes() {
  globalThis[ROUTES] ??= new Map();
  return globalThis[ROUTES];
}

/**
 * Answers `method pathname` (no query) with `handler` before Next.js.
 * @param {string} method
 * @param {string} pathname
 * @param {(request: Request) => Promise<Response>} handler
 */
export function registerFrontRoute(method, pathname, handler) {
  routes().set(`${method} ${pathname}`, handler);
}

/** @param {string} method @param {string} pathname */
export function unregisterFrontRoute(method, pathname) {
  routes().delete(`${method} ${pathname}`);
}

async function answer(handler, request) {
  let response;
  try {
    response = await handler(request);
  } catch {
    // The handlers answer their own failures; this is a bug, and never a stack trace.
    response = Response.json({ error: { code: "internal", message: "The request could not be handled." } }, { status: 500 });
  }
  const headers = new Headers(response.headers);
  for (const { key, value } of MACHINE_ONLY_HEADERS) headers.set(key, value);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
}

/** serve.mjs's handler: a registered route's answer, else `handle` (Next.js). */
export function withFrontRoutes(handle) {
  const listeners = new Map();
  return (req, res) => {
    const pathname = (req.url ?? "").split("?")[0];
    const handler = routes().get(`${req.method} ${pathname}`);
    if (!handler) return handle(req, res);
    // overrideGlobalObjects: false: by default the adapter puts its own Request and Response on
    // globalThis, and Next.js (same process) then refuses the proxy's answers as not a Response.
    if (!listeners.has(handler)) listeners.set(handler, getRequestListener((request) => answer(handler, request), { overrideGlobalObjects: false }));
    return listeners.get(handler)(req, res);
  };
}
