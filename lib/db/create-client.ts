// Builds a Prisma client for either database from its URL. Both generated clients come
// from the same schema, so they share one set of model types; app code is typed against
// the SQLite client's types and runs unchanged on PostgreSQL.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaClient as PostgresClient } from "./generated/postgres/client.ts";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client.ts";
import { providerOf, sqliteFilePath } from "./urls.ts";

export type DbClient = SqliteClient;

/** The SQLite file behind each client made here (for the few statements run on the driver itself: ./sqlite-statement.ts). */
const sqliteFiles = new WeakMap<object, string>();

export function createDbClient(url: string): DbClient {
  if (providerOf(url) === "sqlite") {
    const file = sqliteFilePath(url);
    mkdirSync(dirname(file), { recursive: true });
    // timeout: wait this long for a lock held by another process (app, worker, tests). The adapter
    // runs one transaction at a time, so a transaction may also wait for this process's others:
    // as long as for a lock, not Prisma's default 2 s, or a busy moment fails a write outright.
    const client = new SqliteClient({
      adapter: new PrismaBetterSqlite3({ url: file, timeout: 10_000 }),
      transactionOptions: { maxWait: 10_000 },
    });
    sqliteFiles.set(client, file);
    return client;
  }
  const client = new PostgresClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) });
  // Same models, same query API: only the generated provider differs.
  return client as unknown as DbClient;
}

/** The SQLite file a client of createDbClient works on; null on PostgreSQL. */
export function sqliteFileOf(client: DbClient): string | null {
  return sqliteFiles.get(client) ?? null;
}

/**
 * WAL lets readers and one writer work at once across processes (app, worker, tests);
 * the setting is stored in the database file, so once per start is enough.
 */
export async function prepareDatabase(client: DbClient, url: string): Promise<void> {
  if (providerOf(url) !== "sqlite") return;
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
}
