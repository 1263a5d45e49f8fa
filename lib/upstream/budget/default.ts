import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { createDbBudget, type DbBudget } from "./db-budget";

// The app's one request budget: UPSTREAM_BUDGET_PER_MINUTE for each upstream, shared through
// the database with every other instance. Pass it as `budget` to sendUpstream.
const globalForBudget = globalThis as unknown as { __upstreamBudget?: DbBudget };

export const upstreamBudget: DbBudget = (globalForBudget.__upstreamBudget ??= createDbBudget(db, {
  perMinute: env.UPSTREAM_BUDGET_PER_MINUTE,
}));
