// Database migrations for both providers without Prisma's native schema engine (which the CLI
// would download). Plain Node module: used by scripts/db-migrate.ts and tests, never by pages.
//
// One schema (prisma/schema.prisma, SQLite) is the source of truth; the PostgreSQL twin is
// derived from it in memory. Each provider has its own migration history:
//   prisma/migrations/sqlite/…  and  prisma/migrations/postgresql/…
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { derivePostgresSchema, SQLITE_SCHEMA_PATH } from "../../../scripts/prisma-schemas.mjs";
import { withTemporaryDatabase } from "./databases";
import { NO_FILTER, withSchemaEngine } from "./engine";
import { migrationFolderName, migrationsDirFor, readMigrationList, writeMigration } from "./migrations-dir";
import { PROVIDERS, providerOf, type Provider } from "../urls";

export { createTemporaryDatabase, resetDatabase } from "./databases";
export { providerOf, type Provider } from "../urls";

export interface MigrateOptions {
  /** Folder holding one migrations folder per provider. Default: prisma/migrations. */
  migrationsRoot?: string;
}

export interface CreateMigrationOptions extends MigrateOptions {
  /** The SQLite source-of-truth schema. Default: prisma/schema.prisma. */
  schemaPath?: string;
  /** Server and role used to create a throwaway database for the PostgreSQL diff. */
  postgresAdminUrl?: string;
  /** Which providers to create the migration for. Default: both. */
  providers?: readonly Provider[];
  /** Clock for the folder timestamp. */
  now?: Date;
}

export interface CreateMigrationResult {
  /** Paths of the migration.sql files written; empty when the schema matches the migrations. */
  written: string[];
  /** `<timestamp>_<name>`, or null when nothing was written. */
  migrationName: string | null;
}

export const DEFAULT_POSTGRES_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

/**
 * Applies the migrations of `prisma/migrations/<provider>/` that the database at `url` lacks,
 * recording each in `_prisma_migrations` (Prisma's own table, so `prisma migrate status` tools agree).
 */
export async function migrateDeploy(url: string, options: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const dir = migrationsDirFor(providerOf(url), options.migrationsRoot);
  const migrationsList = readMigrationList(dir);
  if (migrationsList.migrationDirectories.length === 0) {
    // Deploying nothing would leave the app facing an empty database: say so instead.
    throw new Error(
      `No migrations in ${relative(process.cwd(), dir) || dir}: create them with npm run db:migrate:new -- --name <name>`,
    );
  }
  const { appliedMigrationNames } = await withSchemaEngine(url, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_FILTER }),
  );
  return { applied: appliedMigrationNames };
}

/**
 * Writes `<timestamp>_<name>/migration.sql` for each provider whose migrations fall short of the
 * schema. The SQL is computed by applying the existing migrations to a throwaway database and
 * diffing that database against the schema: the engine's own "create migration" step wants a
 * shadow-database connection the SQLite adapter cannot give it, and this needs none.
 */
export async function createMigration(
  name: string,
  options: CreateMigrationOptions = {},
): Promise<CreateMigrationResult> {
  const folderName = migrationFolderName(name, options.now ?? new Date());
  const schemaPath = options.schemaPath ?? SQLITE_SCHEMA_PATH;
  const sqliteSchema = readFileSync(schemaPath, "utf8");
  const adminUrl = options.postgresAdminUrl ?? process.env.MIGRATE_POSTGRES_URL ?? DEFAULT_POSTGRES_ADMIN_URL;

  // Compute every provider's SQL before writing any, so a failure leaves no half-made migration.
  const changes: { provider: Provider; dir: string; script: string }[] = [];
  for (const provider of options.providers ?? PROVIDERS) {
    const dir = migrationsDirFor(provider, options.migrationsRoot);
    const schema = provider === "sqlite" ? sqliteSchema : derivePostgresSchema(sqliteSchema);
    const script = await missingChanges(provider, dir, { path: schemaPath, content: schema }, adminUrl);
    if (script !== null) changes.push({ provider, dir, script });
  }
  const written = changes.map(({ dir, provider, script }) => writeMigration(dir, provider, folderName, script));
  return { written, migrationName: written.length > 0 ? folderName : null };
}

/** The SQL that takes a database holding every migration in `dir` to `schema`, or null if none. */
async function missingChanges(
  provider: Provider,
  dir: string,
  schema: { path: string; content: string },
  postgresAdminUrl: string,
): Promise<string | null> {
  const migrationsList = readMigrationList(dir);
  return withTemporaryDatabase(provider, postgresAdminUrl, (url) =>
    withSchemaEngine(url, async (engine) => {
      await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
      const files = [schema];
      const diff = await engine.diff({
        // "schemaDatasource" = the live database behind the engine's adapter.
        from: { tag: "schemaDatasource", files, configDir: dirname(resolve(schema.path)) },
        to: { tag: "schemaDatamodel", files },
        script: true,
        // With exitCode on, the engine answers 2 when the diff is not empty (else a comment-only script).
        exitCode: true,
        filters: NO_FILTER,
      });
      return diff.exitCode === 2 && diff.stdout ? diff.stdout : null;
    }),
  );
}
