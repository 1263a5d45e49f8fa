import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MIGRATIONS_ROOT } from "./migrations-dir";

// Prisma's schema engine splits a PostgreSQL migration into statements at every ';', comments
// included: "-- … (detail.ts); this copies …" would reach the database as a statement starting
// with "this" and fail the migration. The SQLite pass does not see it, so this check runs
// everywhere.

const providers = ["sqlite", "postgresql"] as const;

describe("migration files", () => {
  it("have no ';' inside a comment and exist under the same name for both providers", () => {
    const names = providers.map((provider) =>
      readdirSync(join(DEFAULT_MIGRATIONS_ROOT, provider))
        .filter((name) => /^\d{14}_/.test(name))
        .sort(),
    );
    expect(names[0]).toEqual(names[1]);
    const offending = providers.flatMap((provider) =>
      names[0]!.flatMap((name) =>
        readFileSync(join(DEFAULT_MIGRATIONS_ROOT, provider, name, "migration.sql"), "utf8")
          .split("\n")
          .map((line, index) => ({ line, where: `${provider}/${name}:${index + 1}` }))
          .filter(({ line }) => /--.*;/.test(line))
          .map(({ where }) => where),
      ),
    );
    expect(offending).toEqual([]);
  });
});
