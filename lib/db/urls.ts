// Database URLs: which provider a URL names, and where a SQLite file lives.
import { resolve } from "node:path";

export type Provider = "sqlite" | "postgresql";

export const PROVIDERS: readonly Provider[] = ["sqlite", "postgresql"];

/** The Prisma provider for a database URL: `file:<path>` is SQLite, `postgres(ql)://…` is PostgreSQL. */
export function providerOf(url: string): Provider {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  // Show only the scheme: the rest of a URL may carry a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? (url === "" ? "(empty)" : "(no scheme)");
  throw new Error(
    `Unsupported database URL scheme "${scheme}": use file:<path> for SQLite or postgresql://… for PostgreSQL`,
  );
}

/**
 * Absolute path of the file a `file:` URL names. Relative paths resolve from the current
 * directory, as Prisma's SQLite adapter does; a `?query` suffix is not part of the path.
 */
export function sqliteFilePath(url: string): string {
  const path = url.slice("file:".length).replace(/\?.*$/, "");
  if (path === "" || path === ":memory:") throw new Error(`SQLite URL ${url} names no file`);
  return resolve(path);
}

/** The same server URL with another database name (for temporary databases). */
export function withDatabaseName(postgresUrl: string, database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}
