import "server-only";
import { env } from "@/lib/env";
import { createDbClient, type DbClient } from "./create-client";
import { providerOf } from "./urls";

// One client per process; kept on globalThis so dev-mode module reloads reuse it.
const globalForDb = globalThis as unknown as { __shopDb?: DbClient };

export const db: DbClient = (globalForDb.__shopDb ??= createDbClient(env.DATABASE_URL));
export const dbProvider = providerOf(env.DATABASE_URL);
export type { DbClient };
