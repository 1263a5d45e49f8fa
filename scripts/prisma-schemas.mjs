// The PostgreSQL schema is derived, never edited: same models, other provider and output.
export const SQLITE_SCHEMA_PATH = "prisma/schema.prisma";
export const POSTGRES_SCHEMA_PATH = "prisma/.postgres/schema.prisma";

export function derivePostgresSchema(sqliteSchema) {
  const out = sqliteSchema
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/lib\/db\/generated\/sqlite"/, 'output       = "../../lib/db/generated/postgres"');
  if (out === sqliteSchema || !out.includes('"postgresql"') || !out.includes("generated/postgres")) {
    throw new Error("prisma/schema.prisma: expected the sqlite provider and ../lib/db/generated/sqlite output lines");
  }
  return "// GENERATED from prisma/schema.prisma by scripts/prisma-generate.mjs. Do not edit.\n" + out;
}
