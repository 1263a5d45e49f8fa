// A real, migrated, throwaway database for integration tests: a temporary SQLite file by
// default, a temporary PostgreSQL database when TEST_POSTGRES_URL is set (.ci/run does both).
// Each test database is its own copy of one template migrated once per run
// (testing/global-setup.ts); without a template (a run outside the integration project), it
// is migrated itself.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { createDbClient, type DbClient } from "./create-client.ts";
import { createTemporaryDatabase } from "./migrate/databases.ts";
import { providerOf, sqliteFilePath, withDatabaseName, type Provider } from "./urls.ts";

export type TestDatabase = { url: string; provider: Provider; db: DbClient; cleanup: () => Promise<void> };

type Database = { url: string; drop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  const template = templateUrl();
  const fromTemplate = template && providerOf(template) === (postgresUrl ? "postgresql" : "sqlite");
  const { url, drop } = fromTemplate
    ? await copyOfTemplate(template, postgresUrl)
    : await createMigratedDatabase(postgresUrl, "tmp_test");
  const db = createDbClient(url);
  return {
    url,
    provider: providerOf(url),
    db,
    cleanup: async () => {
      await db.$disconnect();
      await drop();
    },
  };
}

/** The migrated database every test database of this run copies (for testing/global-setup.ts). */
export function createTemplateDatabase(postgresUrl: string | undefined): Promise<Database> {
  return createMigratedDatabase(postgresUrl, "tmp_test_template");
}

async function createMigratedDatabase(postgresUrl: string | undefined, prefix: string): Promise<Database> {
  const database = await createTemporaryDatabase(postgresUrl ? "postgresql" : "sqlite", postgresUrl ?? "", prefix);
  try {
    // Loaded only here: the schema engine is a large module that a copy of the template never needs.
    const { migrateDeploy } = await import("./migrate/index.ts");
    await migrateDeploy(database.url);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

function templateUrl(): string | undefined {
  try {
    return inject("testDatabaseTemplate") || undefined;
  } catch {
    // Not inside a vitest worker: no template.
    return undefined;
  }
}

async function copyOfTemplate(template: string, postgresUrl: string | undefined): Promise<Database> {
  if (!postgresUrl) {
    const source = sqliteFilePath(template);
    // The schema engine closes its connection when done, which folds the write-ahead log into the file.
    if (existsSync(`${source}-wal`)) throw new Error(`The template database ${source} has an open write-ahead log`);
    const folder = mkdtempSync(join(tmpdir(), "tmp-test-"));
    const file = join(folder, "db.sqlite");
    copyFileSync(source, file);
    return { url: `file:${file}`, drop: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const name = `tmp_test_${randomBytes(6).toString("hex")}`;
  const templateName = decodeURIComponent(new URL(template).pathname.slice(1));
  await withPgClient(postgresUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`));
  return {
    url: withDatabaseName(postgresUrl, name),
    // FORCE ends connections a failed test may have left open.
    drop: async () => {
      await withPgClient(postgresUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
