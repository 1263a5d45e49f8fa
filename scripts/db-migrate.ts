// Database migrations from the command line (Prisma's `migrate` needs a native engine we cannot
// download, see lib/db/migrate):
//   tsx scripts/db-migrate.ts deploy              apply pending migrations to DATABASE_URL
//   tsx scripts/db-migrate.ts dev --name <name>   write a migration for both providers from the schema
//   tsx scripts/db-migrate.ts reset               drop everything in DATABASE_URL
import { relative } from "node:path";
import { parseArgs } from "node:util";
import {
  createMigration,
  DEFAULT_POSTGRES_ADMIN_URL,
  migrateDeploy,
  providerOf,
  resetDatabase,
} from "../lib/db/migrate/index";

const USAGE = "usage: tsx scripts/db-migrate.ts deploy | dev --name <name> | reset [--force]";

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: "string" }, force: { type: "boolean" } },
  });
  const databaseUrl = process.env.DATABASE_URL ?? "file:./data/shop.db";
  const [command, ...extra] = positionals;
  if (extra.length > 0) throw new Error(`Unexpected argument ${extra[0]}; ${USAGE}`);

  switch (command) {
    case "deploy":
      return deploy(databaseUrl);
    case "dev":
      if (!values.name) throw new Error(`dev needs a migration name: --name <name>`);
      return dev(values.name);
    case "reset":
      return reset(databaseUrl, values.force ?? false);
    default:
      throw new Error(command ? `Unknown command ${command}; ${USAGE}` : USAGE);
  }
}

async function deploy(url: string): Promise<void> {
  const { applied } = await migrateDeploy(url);
  for (const name of applied) console.log(`Applied ${name}`);
  console.log(
    applied.length === 0
      ? `${describe(url)} is up to date: no pending migrations`
      : `${applied.length} migration${applied.length === 1 ? "" : "s"} applied to ${describe(url)}`,
  );
}

async function dev(name: string): Promise<void> {
  const postgresAdminUrl = process.env.MIGRATE_POSTGRES_URL ?? DEFAULT_POSTGRES_ADMIN_URL;
  const { written, migrationName } = await createMigration(name, { postgresAdminUrl });
  if (migrationName === null) {
    console.log("No schema changes: the migrations already match prisma/schema.prisma, nothing written");
    return;
  }
  for (const path of written) console.log(`Wrote ${relative(process.cwd(), path)}`);
  console.log(`Created migration ${migrationName}; apply it with npm run db:migrate`);
}

async function reset(url: string, force: boolean): Promise<void> {
  // A stray DATABASE_URL must not wipe a production database without an explicit --force.
  if (process.env.NODE_ENV === "production" && !force) {
    throw new Error("Refusing to reset with NODE_ENV=production; pass --force if you mean it");
  }
  await resetDatabase(url);
  console.log(`Reset ${describe(url)}: everything dropped; run npm run db:migrate to recreate the tables`);
}

/** The database a URL names, without any password. */
function describe(url: string): string {
  if (providerOf(url) === "sqlite") return `SQLite database ${url.slice("file:".length)}`;
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL database ${hostname}${port ? `:${port}` : ""}${pathname}`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (process.env.DEBUG) console.error(error);
  // One line: engine and driver messages may span several.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`db-migrate: ${message.replace(/\s*\n\s*/g, " ").trim()}`);
  process.exit(1);
});
