// Headers of answers proxy.ts never sees (docs/security.md, "Headers"): build files, and the
// webhook receivers (the proxy would buffer their bodies). next.config.mjs sets them on Next's
// answers; scripts/serve.mjs's front door (./front-routes.mjs) on the receiver's answers it
// gives itself. Plain JavaScript: both load it outside the app's bundles.

/** nosniff, a referrer policy and no framing: for every answer. */
export const BASIC_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** For answers only machines read (webhook receivers): nothing may load or run from them. */
export const MACHINE_ONLY_HEADERS = [
  ...BASIC_HEADERS,
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
];
