/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and server-only database drivers stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pino"],
  poweredByHeader: false,
  reactStrictMode: true,
  // forbidden() answers a signed-in customer on a staff page with a real 403 (lib/auth/guards.ts).
  experimental: { authInterrupts: true },
};

export default nextConfig;
