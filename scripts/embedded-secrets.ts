// The embedded default (SQLite, one machine) needs no configuration, yet sessions and
// encrypted settings need stable secrets. They are generated once into the data folder
// beside the database (mode 0600) and reused on every start. A PostgreSQL deployment runs
// several instances, which must share secrets: there they have to be set explicitly.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const GENERATED = ["AUTH_SECRET", "APP_ENCRYPTION_KEY"] as const;

export function fillEmbeddedSecrets(env: NodeJS.ProcessEnv, sqliteFile: string): string[] {
  const missing = GENERATED.filter((name) => !env[name]);
  if (missing.length === 0) return [];

  const file = join(dirname(sqliteFile), "local-secrets.json");
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("base64");
      changed = true;
    }
    env[name] = stored[name];
  }
  if (changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2) + "\n", { mode: 0o600 });
  }
  return missing;
}
