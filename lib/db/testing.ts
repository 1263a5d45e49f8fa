// A real, migrated, throwaway database for integration tests: a temporary SQLite file by
// default, a temporary PostgreSQL database when TEST_POSTGRES_URL is set (.ci/run does both).
import { createDbClient, type DbClient } from "./create-client.ts";
import { createTemporaryDatabase, migrateDeploy } from "./migrate/index.ts";
import { providerOf, type Provider } from "./urls.ts";

export type TestDatabase = { url: string; provider: Provider; db: DbClient; cleanup: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  const { url, drop } = await createTemporaryDatabase(
    postgresUrl ? "postgresql" : "sqlite",
    postgresUrl ?? "",
    "tmp_test",
  );
  await migrateDeploy(url);
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
