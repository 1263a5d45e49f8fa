// The environment a command-line script needs to reach the app's database: the same as the
// app's (.env, and for the embedded SQLite default the generated secrets), validated. Call it
// before importing modules that read the environment.
import { existsSync } from "node:fs";
import { databaseUrlProblem, DEFAULT_DATABASE_URL, isSqliteUrl, parseEnv } from "../lib/env-schema.ts";
import { sqliteFilePath } from "../lib/db/urls.ts";
import { readEmulatorInstanceId } from "@relay/emulator/instance-id";
import { emulatorStateFile, needsEmulator } from "./embedded-emulator.ts";
import { fillEmbeddedSecrets } from "./embedded-secrets.ts";

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** With `existingDatabase`, an embedded SQLite database that does not exist yet stops the script (nothing is created). */
export function prepareScriptEnv(options: { existingDatabase?: boolean } = {}): void {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const urlProblem = databaseUrlProblem(process.env);
  if (urlProblem) fail(urlProblem);
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  if (isSqliteUrl(databaseUrl)) {
    const file = sqliteFilePath(databaseUrl);
    if (options.existingDatabase && !existsSync(file))
      fail(`No database at ${file}: start the shop once with npm start.`);
    fillEmbeddedSecrets(process.env, file);
  }
  const parsed = parseEnv(process.env);
  if (!parsed.ok) fail(parsed.message);
  // A worker beside `npm start` talks to the same embedded emulator: it must name the same
  // connection as the app (lib/upstream/connection-identity.ts), so it reads the instance id.
  if (needsEmulator(parsed.env) && !process.env.EMBEDDED_UPSTREAM_INSTANCE) {
    const instanceId = readEmulatorInstanceId(emulatorStateFile(parsed.env.DATABASE_URL));
    if (instanceId) process.env.EMBEDDED_UPSTREAM_INSTANCE = instanceId;
  }
}
