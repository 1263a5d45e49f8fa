// The Next-Router-State-Tree header (sent by the client router on navigations) that Next.js
// cannot parse ends in a 500 (docs/security.md). proxy.ts never sees it: Next
// strips the router's headers before the proxy runs. So the shop's HTTP server
// (scripts/serve.mjs) asks this module first and answers a 400 itself. Plain JavaScript: the
// server runs on Node.js alone. The verdict is Next's own parser's, so a header Next accepts is
// never refused.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const {
  parseAndValidateFlightRouterState,
} = require("next/dist/server/app-render/parse-and-validate-flight-router-state");

const HEADER = "next-router-state-tree";

/** @param {string | string[] | undefined | null} header */
export function isValidRouterState(header) {
  if (header === undefined || header === null) return true;
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
}

/**
 * Answers 400 (JSON, `BAD_ROUTER_STATE`) when the request's router state header does not parse.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @returns {boolean} true when it answered (the request must not reach Next)
 */
export function refuseMalformedRouterState(req, res) {
  if (isValidRouterState(req.headers[HEADER])) return false;
  res.writeHead(400, {
    "content-type": "application/json",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  });
  res.end(
    JSON.stringify({
      error: { code: "BAD_ROUTER_STATE", message: "The Next-Router-State-Tree header could not be parsed." },
    }),
  );
  return true;
}
