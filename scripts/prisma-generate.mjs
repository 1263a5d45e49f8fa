// Generates the Prisma clients for both databases from the one schema (prisma/schema.prisma).
// Runs at postinstall. Prisma's CLI wants a native schema engine path even for `generate`,
// which does not execute it; /bin/false makes any accidental use fail loudly (STACK.md).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { derivePostgresSchema, POSTGRES_SCHEMA_PATH } from "./prisma-schemas.mjs";

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/false" };

mkdirSync("prisma/.postgres", { recursive: true });
writeFileSync(POSTGRES_SCHEMA_PATH, derivePostgresSchema(readFileSync("prisma/schema.prisma", "utf8")));

for (const schema of ["prisma/schema.prisma", POSTGRES_SCHEMA_PATH]) {
  execFileSync("npx", ["prisma", "generate", "--schema", schema], { stdio: ["ignore", "ignore", "inherit"], env });
}
console.log("Prisma clients generated for sqlite and postgresql");
