// The shop's hosts and origins come from APP_URL only (docs/security.md, "Hosts and origins").
// Next.js, Auth.js and the app read the request's Host and X-Forwarded-Host / -Proto / -Port to
// build redirects, links and the server-action origin check; a client (or a proxy passing the
// header through) could name any host there: an open redirect, a poisoned cached answer, an
// origin check that accepts the attacker's own site. scripts/serve.mjs sets these headers to
// APP_URL's values on every request before Next.js sees it, whatever the client sent.
// Plain JavaScript: serve.mjs runs on Node.js alone.

/** The headers scripts/serve.mjs writes on every request, from APP_URL. */
export function publicHostHeaders(appUrl) {
  const url = new URL(appUrl);
  const proto = url.protocol.replace(/:$/, "");
  return {
    host: url.host,
    "x-forwarded-host": url.host,
    "x-forwarded-proto": proto,
    "x-forwarded-port": url.port || (proto === "https" ? "443" : "80"),
  };
}

/**
 * Overwrites the request's host headers (node:http's `req.headers`) with `pinned`
 * (publicHostHeaders), and drops the RFC 7239 Forwarded header, which names hosts too.
 * @param {import("node:http").IncomingHttpHeaders} headers
 * @param {Record<string, string>} pinned
 */
export function pinPublicHost(headers, pinned) {
  for (const [name, value] of Object.entries(pinned)) headers[name] = value;
  delete headers.forwarded;
}
