// Driver adapters for the schema engine: the WASM engine has no network or file access of its
// own, it runs every SQL statement through one of Prisma's JS driver adapters.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { providerOf, sqliteFilePath } from "../urls";

/** A migration-aware adapter factory plus a way to close every connection it opened. */
export interface ClosableAdapterFactory {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

export function adapterFactoryFor(url: string): ClosableAdapterFactory {
  if (providerOf(url) === "sqlite") {
    const file = sqliteFilePath(url);
    // better-sqlite3 creates a missing file but not a missing directory.
    mkdirSync(dirname(file), { recursive: true });
    // timeout: wait for a lock held by a running app or worker instead of failing at once.
    return closingOnDemand(new PrismaBetterSqlite3({ url: file, timeout: 10_000 }));
  }
  return closingOnDemand(new PrismaPg({ connectionString: url, Client: CharAsTextClient }));
}

const CHAR_OID = 18;
const TEXT_OID = 25;

/**
 * The engine's PostgreSQL introspection queries select catalog columns of the internal `"char"`
 * type (oid 18, e.g. pg_class.relkind). adapter-pg refuses that oid ("Column type 'char' could
 * not be deserialized") although pg already hands the value over as a one-letter string, so this
 * client reports such columns as text (oid 25). Used only for migrations, never by the app.
 */
class CharAsTextClient extends pg.Client {
  // pg.Pool calls client.query(config, values, callback); transactions use the promise form.
  // `any` because one override must stand in for all of pg's overloads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: unknown[]): any {
    const callbackIndex = args.findIndex((arg, i) => i > 0 && typeof arg === "function");
    if (callbackIndex > 0) {
      const callback = args[callbackIndex] as (err: unknown, result: unknown) => void;
      args[callbackIndex] = (err: unknown, result: unknown) => callback(err, err ? result : charAsText(result));
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    return result instanceof Promise ? result.then(charAsText) : result;
  }
}

function charAsText(result: unknown): unknown {
  // A multi-statement script yields one result per statement.
  for (const one of Array.isArray(result) ? result : [result]) {
    for (const field of (one as pg.QueryResult | undefined)?.fields ?? []) {
      if (field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

/**
 * The engine never disposes the adapters it connects, so remember them and dispose them when
 * we are done: an open pg pool keeps the process alive, an open SQLite handle keeps the file busy.
 */
function closingOnDemand(inner: SqlMigrationAwareDriverAdapterFactory): ClosableAdapterFactory {
  const opened: SqlDriverAdapter[] = [];
  const remember = (adapter: SqlDriverAdapter) => (opened.push(adapter), adapter);
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async () => remember(await inner.connect()),
    connectToShadowDb: async () => remember(await inner.connectToShadowDb()),
  };
  const close = async () => {
    await Promise.allSettled(opened.splice(0).map((adapter) => adapter.dispose()));
  };
  return { factory, close };
}
