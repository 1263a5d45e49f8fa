import { defineConfig } from "prisma/config";

// Prisma 7 reads the connection URL from here (not from the schema). The fallback keeps
// `prisma generate` (postinstall) working in a fresh clone where DATABASE_URL is unset.
export default defineConfig({
  schema: "prisma/schema.prisma",
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/shop.db" },
});
