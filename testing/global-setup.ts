// Once per vitest run, before any integration test file: one migrated database that every test
// database starts as a copy of (lib/db/testing.ts), so each test file's database costs a file
// copy (SQLite) or a CREATE DATABASE … TEMPLATE (PostgreSQL) instead of a schema engine run.
import type { TestProject } from "vitest/node";
import { createTemplateDatabase } from "../lib/db/testing.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database test databases are copied from ("" when none could be made). */
    testDatabaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createTemplateDatabase(process.env.TEST_POSTGRES_URL);
  project.provide("testDatabaseTemplate", template.url);
  return template.drop;
}
