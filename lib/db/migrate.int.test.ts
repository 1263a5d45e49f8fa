// Migrations against real databases: a temporary SQLite file always, PostgreSQL when
// TEST_POSTGRES_URL names a server where the role may CREATE DATABASE.
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigration, migrateDeploy, providerOf, resetDatabase, type Provider } from "./migrate";

const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL;
const SCHEMA_PATH = "prisma/schema.prisma";
const MIGRATIONS_ROOT = "prisma/migrations";
const TIMEOUT = 60_000;

/** Every model of the source-of-truth schema: each must become a table. */
const modelNames = [...readFileSync(SCHEMA_PATH, "utf8").matchAll(/^model\s+(\w+)/gm)].map((match) => match[1]);

function migrationNames(provider: Provider): string[] {
  return readdirSync(join(MIGRATIONS_ROOT, provider), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const scratch = mkdtempSync(join(tmpdir(), "migrate-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it("has models to check and migrations for both providers", () => {
  expect(modelNames).toContain("User");
  expect(migrationNames("sqlite").length).toBeGreaterThan(0);
  expect(migrationNames("postgresql")).toEqual(migrationNames("sqlite"));
});

describe("providerOf", () => {
  it("tells SQLite and PostgreSQL URLs apart and rejects others", () => {
    expect(providerOf("file:./data/shop.db")).toBe("sqlite");
    expect(providerOf("postgres://u@h/db")).toBe("postgresql");
    expect(providerOf("postgresql://u@h:5432/db")).toBe("postgresql");
    expect(() => providerOf("mysql://u:secret@h/db")).toThrow(/Unsupported database URL scheme "mysql:"/);
    expect(() => providerOf("mysql://u:secret@h/db")).not.toThrow(/secret/);
  });
});

describe("migrateDeploy on SQLite", () => {
  // A folder that does not exist yet: deploy must create it and the file.
  const file = join(scratch, "new-folder", "shop.db");
  const url = `file:${file}`;
  const rows = <T>(sql: string): T[] => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };

  it("creates every table on an empty file and records the migrations", { timeout: TIMEOUT }, async () => {
    const { applied } = await migrateDeploy(url);
    expect(applied).toEqual(migrationNames("sqlite"));
    const tables = rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining([...modelNames, "_prisma_migrations"]));
    const recorded = rows<{ migration_name: string; finished_at: string | null; rolled_back_at: string | null }>(
      "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(migrationNames("sqlite"));
    expect(recorded.every((r) => r.finished_at !== null && r.rolled_back_at === null)).toBe(true);
  });

  it("applies nothing the second time", { timeout: TIMEOUT }, async () => {
    expect(await migrateDeploy(url)).toEqual({ applied: [] });
    expect(rows("SELECT * FROM _prisma_migrations")).toHaveLength(migrationNames("sqlite").length);
  });

  it("resetDatabase deletes the file, after which deploy starts over", { timeout: TIMEOUT }, async () => {
    await resetDatabase(url);
    expect(existsSync(file)).toBe(false);
    expect((await migrateDeploy(url)).applied).toEqual(migrationNames("sqlite"));
  });
});

describe.skipIf(!TEST_POSTGRES_URL)("migrateDeploy on PostgreSQL", () => {
  const adminUrl = TEST_POSTGRES_URL ?? "";
  const database = `tmp_migrate_test_${randomBytes(6).toString("hex")}`;
  const url = Object.assign(new URL(adminUrl || "postgresql://x"), { pathname: `/${database}` }).toString();
  const admin = (sql: string) => query(adminUrl, sql);

  beforeAll(() => admin(`CREATE DATABASE "${database}"`));
  afterAll(() => admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));

  it("creates every table on an empty database and records the migrations", { timeout: TIMEOUT }, async () => {
    const { applied } = await migrateDeploy(url);
    expect(applied).toEqual(migrationNames("postgresql"));
    const tables = (await query(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).map(
      (r) => r.tablename,
    );
    expect(tables).toEqual(expect.arrayContaining([...modelNames, "_prisma_migrations"]));
    const recorded = await query(
      url,
      "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(migrationNames("postgresql"));
    expect(recorded.every((r) => r.finished_at !== null && r.rolled_back_at === null)).toBe(true);
  });

  it("applies nothing the second time", { timeout: TIMEOUT }, async () => {
    expect(await migrateDeploy(url)).toEqual({ applied: [] });
    expect(await query(url, "SELECT * FROM _prisma_migrations")).toHaveLength(migrationNames("postgresql").length);
  });

  it("resetDatabase empties the public schema", { timeout: TIMEOUT }, async () => {
    await resetDatabase(url);
    expect(await query(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
  });
});

describe("createMigration", () => {
  // Both providers when a PostgreSQL server is available for the temporary database.
  const providers: Provider[] = TEST_POSTGRES_URL ? ["sqlite", "postgresql"] : ["sqlite"];
  const options = { providers, postgresAdminUrl: TEST_POSTGRES_URL };

  /** A copy of the committed migrations, so a failing test never writes into the repository. */
  function copyOfMigrations(): string {
    const root = mkdtempSync(join(scratch, "migrations-"));
    cpSync(MIGRATIONS_ROOT, root, { recursive: true });
    return root;
  }

  it("writes nothing when the schema matches the migrations", { timeout: TIMEOUT }, async () => {
    const root = copyOfMigrations();
    const result = await createMigration("should_not_be_written", { ...options, migrationsRoot: root });
    expect(result).toEqual({ written: [], migrationName: null });
    for (const provider of providers)
      expect(readdirSync(join(root, provider)).sort()).toEqual(readdirSync(join(MIGRATIONS_ROOT, provider)).sort());
  });

  it(
    "writes one migration per provider for a schema change, which deploy then applies",
    { timeout: TIMEOUT },
    async () => {
      const root = copyOfMigrations();
      const schemaPath = join(scratch, "changed.prisma");
      writeFileSync(schemaPath, readFileSync(SCHEMA_PATH, "utf8") + "\nmodel ExtraThing {\n  id String @id\n}\n");
      const now = new Date("2099-01-02T03:04:05Z");

      const { written, migrationName } = await createMigration("Add extra thing", {
        ...options,
        migrationsRoot: root,
        schemaPath,
        now,
      });

      expect(migrationName).toBe("20990102030405_add_extra_thing");
      expect(written).toEqual(providers.map((p) => join(root, p, "20990102030405_add_extra_thing", "migration.sql")));
      for (const path of written) expect(readFileSync(path, "utf8")).toMatch(/CREATE TABLE "ExtraThing"/);
      const { applied } = await migrateDeploy(`file:${join(scratch, "changed.db")}`, { migrationsRoot: root });
      expect(applied.at(-1)).toBe("20990102030405_add_extra_thing");
    },
  );
});

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
