// Creating, emptying and throwing away whole databases: things the schema engine either cannot do
// through a driver adapter or does not do reliably (its SQLite reset leaves tables behind).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { providerOf, sqliteFilePath, withDatabaseName, type Provider } from "../urls";

/** Drops every table, type and row: SQLite by deleting the file, PostgreSQL by recreating `public`. */
export async function resetDatabase(url: string): Promise<void> {
  if (providerOf(url) === "sqlite") {
    const file = sqliteFilePath(url);
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
    return;
  }
  await withPgClient(url, (client) => client.query('DROP SCHEMA IF EXISTS "public" CASCADE; CREATE SCHEMA "public";'));
}

/**
 * Creates a brand-new empty database of the given provider and returns its URL with a
 * `drop` that deletes it. SQLite: a file in a temporary folder. PostgreSQL: a `tmp_…`
 * database on the server of `postgresAdminUrl` (a role allowed to CREATE DATABASE).
 */
export async function createTemporaryDatabase(
  provider: Provider,
  postgresAdminUrl: string,
  prefix = "tmp_migrate",
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (provider === "sqlite") {
    const folder = mkdtempSync(join(tmpdir(), `${prefix.replace(/_/g, "-")}-`));
    return {
      url: `file:${join(folder, "db.sqlite")}`,
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withPgClient(postgresAdminUrl, (client) => client.query(`CREATE DATABASE "${name}"`)).catch((error: Error) => {
    const { host, username } = new URL(postgresAdminUrl);
    throw new Error(
      `Could not create a temporary PostgreSQL database on ${host} as ${username || "(default user)"} ` +
        `(point MIGRATE_POSTGRES_URL or TEST_POSTGRES_URL at a server and role that may CREATE DATABASE): ${error.message}`,
      { cause: error },
    );
  });
  return {
    url: withDatabaseName(postgresAdminUrl, name),
    // FORCE ends connections a failed run may have left open (PostgreSQL 13+).
    drop: () =>
      withPgClient(postgresAdminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

/** Runs `work` with the URL of a temporary empty database, then deletes it. */
export async function withTemporaryDatabase<T>(
  provider: Provider,
  postgresAdminUrl: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const { url, drop } = await createTemporaryDatabase(provider, postgresAdminUrl);
  try {
    return await work(url);
  } finally {
    await drop();
  }
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
