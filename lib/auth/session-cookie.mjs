// Auth.js's session cookie by name: plain or __Secure-, possibly chunked (.0, .1). A request
// carrying one is a signed-in visitor's, whose pages are never served from a cache
// (lib/http/cached-pages.ts, lib/http/front-cache.mjs). Plain JavaScript: scripts/serve.mjs
// runs on Node.js alone.

/** @param {string} name */
export function isSessionCookie(name) {
  return /(^|\.)authjs\.session-token(\.\d+)?$/.test(name) || name.startsWith("__Secure-authjs.session-token");
}
