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
// It also sets Host and X-Forwarded-Host/-Proto/-Port to APP_URL's (lib/http/public-host.mjs)
// and takes Next.js's internal headers off every answer (lib/http/internal-headers.mjs).
// Plain JavaScript on purpose: it runs on Node.js alone, like `next start`.
//   node scripts/serve.mjs            (PORT from the environment, default 3000)
import { createServer } from "node:http";
import { createFrontCache, withFrontCache } from "../lib/http/front-cache.mjs";
import { withFrontRoutes } from "../lib/http/front-routes.mjs";
import { withLocalizedErrorShell } from "../lib/http/error-shell.mjs";
import { refuseMalformedRouterState } from "../lib/http/router-state.mjs";
import { stripInternalHeaders } from "../lib/http/internal-headers.mjs";
import { pinPublicHost, publicHostHeaders } from "../lib/http/public-host.mjs";
import { stopGracefully as drain, STOP_GRACE_MS } from "../lib/process/graceful-stop.mjs";

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
// Next.js's bare not-found shell gets the page's language and a message (lib/http/error-shell.mjs).
const handle = withFrontRoutes(
  withFrontCache(withLocalizedErrorShell(app.getRequestHandler()), createFrontCache(undefined, { refreshStale })),
);
await app.prepare();

// Hosts and origins come from APP_URL only (lib/http/public-host.mjs); scripts/start.ts passes it.
const publicHost = publicHostHeaders(process.env.APP_URL || `http://localhost:${port}`);

const server = createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  pinPublicHost(req.headers, publicHost);
  // First, so that it runs last: no x-nextjs-* / x-middleware-* header leaves (lib/http/internal-headers.mjs).
  stripInternalHeaders(res);
  // A router state header Next cannot parse: 400 here, not a 500 from Next (lib/http/router-state.mjs).
  if (refuseMalformedRouterState(req, res)) return;
  handle(req, res);
});
// Same as `next start`: every interface (IPv6 and IPv4 where the host has both).
server.listen(port, () => console.log(`Next.js ready on port ${port}`));

// Stopping (docs/deploy.md "Stopping"). SIGTERM (systemd, containers, scripts/start.ts) is a
// graceful stop: the port is closed at once (nothing new is accepted, a restart can bind it),
// the requests in flight and the work they started (an upstream create whose answer must be
// recorded, the in-app worker's round: lib/process/graceful-stop.mjs) may finish for up to
// STOP_GRACE_MS, then the process exits; a repeated SIGTERM (a whole process group signalled,
// and the start script passing it on) changes nothing. SIGINT (Ctrl-C) stops at once.
let openRequests = 0;
server.on("request", (req, res) => {
  openRequests++;
  res.once("close", () => openRequests--);
});
let stopping = false;
function stopNow() {
  server.close();
  server.closeAllConnections();
  process.exit(0);
}
function stopGracefully() {
  if (stopping) return;
  stopping = true;
  server.close();
  // Keep-alive connections between requests would hold the server open: closed as they idle.
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  void drain({ pending: () => openRequests }).then((finished) => {
    clearInterval(idle);
    if (!finished) console.error(`Stopped with work still in flight after ${STOP_GRACE_MS} ms`);
    server.closeAllConnections();
    process.exit(0);
  });
}
process.on("SIGINT", stopNow);
process.on("SIGTERM", stopGracefully);
// Run by scripts/start.ts: if it dies without passing a signal on (SIGKILL), do not stay
// behind holding the port (closed at once; what is in flight finishes as on SIGTERM).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopGracefully();
}, 1_000).unref();
