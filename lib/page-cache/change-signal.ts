import Database from "better-sqlite3";
import pg from "pg";
import { providerOf, sqliteFilePath } from "@/lib/db/urls";
import { logger } from "@/lib/log";

// Tells the page cache's watch (./invalidation.ts) that the catalog or the settings may have
// changed, so it reads the database only then (docs/architecture.md "Page cache"):
// - PostgreSQL: every write to "CatalogCacheEntry" or "Setting", by any instance or any writer,
//   raises a notification on CHANNEL (the trigger of the page_cache_change_signal migration),
//   sent when its transaction commits; each instance LISTENs on a connection of its own.
// - SQLite: `PRAGMA data_version` on a connection of its own changes whenever another connection
//   (this process's Prisma client, the worker process, a script) commits to the file. Reading it
//   touches no table, so the check is cheap enough to run every SQLITE_CHECK_MS.
// Either way a signal may be spurious (a hit count written, another table on SQLite); the watch
// then finds nothing changed.

export const CHANNEL = "relay_catalog_changed";
const SQLITE_CHECK_MS = 250;
const RECONNECT_MS = { first: 500, max: 30_000 };

export type ChangeSignal = {
  /** Settled once writes are being watched (the first LISTEN, or the first counter read). */
  ready: Promise<void>;
  stop(): void;
};

export function watchCatalogWrites(url: string, onChange: () => void): ChangeSignal {
  return providerOf(url) === "postgresql" ? listen(url, onChange) : watchDataVersion(url, onChange);
}

function listen(url: string, onChange: () => void): ChangeSignal {
  let stopped = false;
  let client: pg.Client | null = null;
  let wait = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | null = null;
  let listening: () => void = () => {};
  const ready = new Promise<void>((resolve) => (listening = resolve));

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, RECONNECT_MS.max);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", () => onChange());
    next.on("error", (error) => {
      logger.warn({ err: error }, "page cache: the change signal's connection failed; reconnecting");
      void next.end().catch(() => {});
      if (client === next) client = null;
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (stopped) return void (await next.end());
      client = next;
      wait = RECONNECT_MS.first;
      listening();
      // Writes made while no connection listened were not signalled.
      onChange();
    } catch (error) {
      logger.warn({ err: error }, "page cache: could not listen for catalog changes; retrying");
      void next.end().catch(() => {});
      retry();
    }
  }

  void connect();
  return {
    ready,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      void client?.end().catch(() => {});
    },
  };
}

function watchDataVersion(url: string, onChange: () => void): ChangeSignal {
  let connection: Database.Database | null = null;
  let version: number | null = null;
  let failing = false;

  const check = () => {
    try {
      connection ??= new Database(sqliteFilePath(url), { readonly: true, fileMustExist: true });
      const now = connection.pragma("data_version", { simple: true }) as number;
      if (version !== null && now !== version) onChange();
      version = now;
      failing = false;
    } catch (error) {
      connection?.close();
      connection = null;
      version = null;
      if (failing) return;
      failing = true;
      logger.warn({ err: error }, "page cache: could not read the database's change counter");
      // What changed until it can be read again is not known.
      onChange();
    }
  };

  const timer = setInterval(check, SQLITE_CHECK_MS);
  timer.unref();
  check();
  return {
    ready: Promise.resolve(),
    stop() {
      clearInterval(timer);
      connection?.close();
      connection = null;
    },
  };
}
