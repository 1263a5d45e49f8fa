import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";
import { BASIC_HEADERS, MACHINE_ONLY_HEADERS } from "./lib/http/machine-headers.mjs";

const SAME_ORIGIN_RESOURCE = { key: "Cross-Origin-Resource-Policy", value: "same-origin" };

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Cached catalog pages live in this process's memory, bounded, and follow the database
  // (lib/page-cache/handler.mjs, lib/http/cached-pages.ts); Next's own memory layer would only
  // hold a second copy.
  cacheHandler: fileURLToPath(new URL("./lib/page-cache/handler.mjs", import.meta.url)),
  cacheMaxMemorySize: 0,
  // How long a shared cache (a CDN in front) may serve a cached page past its lifetime while it
  // refreshes: under the eSIM price tokens' 30 minutes (docs/benchmarks.md, page cache).
  expireTime: 1800,
  // Native and server-only database drivers stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pino"],
  // The emulator workspace package ships TypeScript; the shop takes only its sandbox constants.
  transpilePackages: ["@relay/emulator"],
  poweredByHeader: false,
  // scripts/serve.mjs compresses (the same middleware), keeping what it compressed for cached pages.
  compress: false,
  reactStrictMode: true,
  // The catalogs with next-intl's precompiled messages in the build (lib/i18n/catalogs.bundled.ts).
  turbopack: { resolveAlias: { "@/lib/i18n/catalogs": "./lib/i18n/catalogs.bundled.ts" } },
  // forbidden() answers a signed-in customer on a staff page with a real 403 (lib/auth/guards.ts).
  experimental: {
    authInterrupts: true,
    // Two root layouts (buyer pages under app/[locale], staff pages under app/admin): an address
    // no route matches gets app/global-not-found.tsx.
    globalNotFound: true,
    // Next's default, stated: proxy.ts refuses larger action posts with a 413 before Next reads them.
    serverActions: { bodySizeLimit: "1mb" },
  },
  // Build files are not seen by proxy.ts (which sets the per-request CSP): they still get
  // nosniff and the other static security headers (docs/security.md, "Headers"), and, as every
  // answer proxy.ts sees, may not be embedded by other sites (Cross-Origin-Resource-Policy).
  // The webhook receivers are not behind proxy.ts either (it would buffer their bodies).
  async headers() {
    return [
      { source: "/_next/static/:path*", headers: [...BASIC_HEADERS, SAME_ORIGIN_RESOURCE] },
      { source: "/favicon.ico", headers: [SAME_ORIGIN_RESOURCE] },
      // The icons in public/ change only with a release: a day in browsers, and kept by
      // scripts/serve.mjs's front cache (a max-age) instead of Next.js answering (and the
      // compression running) on every view. Next's default for public files is max-age=0.
      ...["/favicon.ico", "/apple-touch-icon.png", "/icons/:file*"].map((source) => ({
        source,
        headers: [{ key: "Cache-Control", value: "public, max-age=86400" }],
      })),
      { source: "/api/webhooks/:path*", headers: MACHINE_ONLY_HEADERS },
      { source: "/api/payments/stripe/webhook", headers: MACHINE_ONLY_HEADERS },
    ];
  },
};

// next-intl (docs/i18n.md): its request configuration is lib/i18n/request.ts. The catalogs
// are precompiled at build time, so browsers format messages without shipping an ICU parser
// (docs/benchmarks.md, the JavaScript budgets).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: ["en", "es"], precompile: true } },
});

export default withNextIntl(nextConfig);
