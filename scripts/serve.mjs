// The production HTTP server `npm start` runs (scripts/start.ts) in place of `next start`:
// the same Next.js request handler (with its compression, done here: see below), plus three
// things `next start` cannot do. Answers that are the same for every visitor (cached catalog
// pages, build files) are kept in front of Next.js and given again without entering it
// (lib/http/front-cache.mjs). Webhook deliveries reach the app's receiver without Next.js's
// request pipeline (lib/http/front-routes.mjs). And it sets
// x-shop-peer-address on every request to the TCP peer's address, overwriting anything the
// client sent, so per-visitor limits key on an address the client cannot choose
// (lib/security/client-address.ts; docs/security.md, "Client addresses"). `next start` keeps a
// client-sent X-Forwarded-For and only fills it from the socket when it is missing.
// Plain JavaScript on purpose: it runs on Node.js alone, like `next start`.
//   node scripts/serve.mjs            (PORT from the environment, default 3000)
import { createServer } from "node:http";
import { createFrontCache, withFrontCache } from "../lib/http/front-cache.mjs";
import { withFrontRoutes } from "../lib/http/front-routes.mjs";
import { refuseMalformedRouterState } from "../lib/http/router-state.mjs";

process.env.NODE_ENV = "production";
const { default: next } = await import("next");

const PEER_ADDRESS_HEADER = "x-shop-peer-address";
const port = Number(process.env.PORT ?? 3000);

const app = next({ dev: false, dir: process.cwd(), port });
// Compression here, not in Next (next.config.mjs `compress: false`): whole answers with an ETag
// are compressed once and kept (lib/http/compressed-answers.mjs), and so are the front cache's copies.
// Before both, the machine endpoints the app registers (lib/http/front-routes.mjs: the commerce
// webhook receiver) are answered without Next.js's request pipeline.
// A stale page's document is asked for here, from this server itself, so that Next.js renders it
// again (a prefetch of a stale page does not: lib/http/front-cache.mjs).
const refreshStale = (documentUrl) => {
  fetch(`http://127.0.0.1:${port}${documentUrl}`, { headers: { "accept-encoding": "identity" } })
    .then((response) => response.body?.cancel())
    .catch(() => {});
};
const handle = withFrontRoutes(withFrontCache(app.getRequestHandler(), createFrontCache(undefined, { refreshStale })));
await app.prepare();

const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  // A router state header Next cannot parse: 400 here, not a 500 from Next (lib/http/router-state.mjs).
  if (refuseMalformedRouterState(req, res)) return;
  handle(req, res);
});
// Same as `next start`: every interface (IPv6 and IPv4 where the host has both).
server.listen(port, () => console.log(`Next.js ready on port ${port}`));

// Stop at once, like `next start`: the port is free when the start script (or a test runner)
// moves on.
function stop() {
  server.close();
  server.closeAllConnections();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
// Run by scripts/start.ts: if it dies without passing a signal on (SIGKILL), do not stay
// behind holding the port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1_000).unref();
