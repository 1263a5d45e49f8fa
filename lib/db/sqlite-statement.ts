import Database from "better-sqlite3";
import { sqliteFileOf, type DbClient } from "./create-client.ts";

// A statement run on SQLite's driver itself, beside Prisma, for the one hot path where the ORM's
// cost per call outweighs the database's own work: storing a webhook receipt before its answer
// (lib/webhooks/store.ts; docs/benchmarks.md "Webhook ingest"). Prepared once per client, on a
// connection of its own to the client's file.
//
// That connection never waits for a lock (busy timeout 0): Prisma's connection in this same
// process may hold the write lock across an await (an interactive transaction), and the driver's
// synchronous wait would block the very event loop that must finish it. When the lock is taken,
// runUnlessBusy answers null and the caller goes through Prisma, which waits its turn.

type Prepared = { connection: Database.Database; statements: Map<string, Database.Statement> };

const preparedByClient = new WeakMap<DbClient, Prepared>();

/** `sql` prepared on `client`'s SQLite file; null on PostgreSQL. */
export function sqliteStatement(client: DbClient, sql: string): Database.Statement | null {
  const file = sqliteFileOf(client);
  if (!file) return null;
  let prepared = preparedByClient.get(client);
  if (!prepared) {
    prepared = { connection: new Database(file, { timeout: 0 }), statements: new Map() };
    preparedByClient.set(client, prepared);
  }
  let statement = prepared.statements.get(sql);
  if (!statement) {
    statement = prepared.connection.prepare(sql);
    prepared.statements.set(sql, statement);
  }
  return statement;
}

/** Runs the statement, or answers null at once if another connection holds the lock. */
export function runUnlessBusy(statement: Database.Statement, params: unknown[]): Database.RunResult | null {
  try {
    return statement.run(...params);
  } catch (error) {
    if (error instanceof Database.SqliteError && error.code.startsWith("SQLITE_BUSY")) return null;
    throw error;
  }
}

/** A DateTime as Prisma's SQLite adapter writes it (its default timestampFormat, ISO 8601 with "+00:00"), so rows written here read back through Prisma as its own. */
export const sqliteDateTime = (date: Date) => date.toISOString().replace("Z", "+00:00");
