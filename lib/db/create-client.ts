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

export function createDbClient(url: string): DbClient {
  if (providerOf(url) === "sqlite") {
    const file = sqliteFilePath(url);
    mkdirSync(dirname(file), { recursive: true });
    // timeout: wait this long for a lock held by another process (app, worker, tests).
    return new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file, timeout: 10_000 }) });
  }
  const client = new PostgresClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) });
  // Same models, same query API: only the generated provider differs.
  return client as unknown as DbClient;
}

/**
 * WAL lets readers and one writer work at once across processes (app, worker, tests);
 * the setting is stored in the database file, so once per start is enough.
 */
export async function prepareDatabase(client: DbClient, url: string): Promise<void> {
  if (providerOf(url) !== "sqlite") return;
  await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
}
