// With no upstream configured, `npm start` runs the sandbox emulator of both APIs beside the
// app (loopback only) and points the app at it; the app then uses the emulator's shop
// credentials unless others are set (lib/upstream/connection/resolve.ts).
// The emulator keeps its state in a file beside the shop's database, so a restart of
// `npm start` finds the upstream orders the shop already holds (and never reuses their ids).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sqliteFilePath } from "../lib/db/urls.ts";
import { emulatorUrl, isSqliteUrl, type Env } from "../lib/env-schema.ts";
import { readEmulatorInstanceId } from "@relay/emulator/instance-id";

export function needsEmulator(env: Env): boolean {
  return !env.COMMERCE_API_URL || !env.UNLOCK_API_URL;
}

/** `emulator.db` beside the SQLite database, or `data/emulator.db` when the database is PostgreSQL. */
export function emulatorStateFile(databaseUrl: string): string {
  return isSqliteUrl(databaseUrl)
    ? join(dirname(sqliteFilePath(databaseUrl)), "emulator.db")
    : resolve("data/emulator.db");
}

/**
 * Starts the emulator on its state file and waits until it answers. `instanceId` names that
 * state file (kept across restarts and resets; a new file, e.g. after the data folder was
 * deleted, is a new instance): the shop tells "same upstream, restarted" from "a new one".
 */
export async function startEmulatorProcess(
  env: Env,
  spawnEnv: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; instanceId: string }> {
  const url = emulatorUrl(env.EMULATOR_PORT);
  if (await answers(url)) {
    throw new Error(
      `port ${env.EMULATOR_PORT} is already in use (an emulator left running?); stop it or set EMULATOR_PORT`,
    );
  }
  const stateFile = emulatorStateFile(env.DATABASE_URL);
  mkdirSync(dirname(stateFile), { recursive: true });
  const server = fileURLToPath(import.meta.resolve("@relay/emulator/server"));
  const child = spawn(process.execPath, ["--import", "tsx", server], {
    stdio: "inherit",
    env: {
      ...spawnEnv,
      EMULATOR_PORT: String(env.EMULATOR_PORT),
      EMULATOR_DIALECT: env.EMULATOR_DIALECT,
      EMULATOR_STATE_FILE: stateFile,
    },
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the emulator exited (code ${child.exitCode})`);
    if (await answers(url)) {
      // The emulator writes the id before it listens, so an answer means it is there.
      const instanceId = readEmulatorInstanceId(stateFile);
      if (instanceId) return { child, instanceId };
      child.kill();
      throw new Error(`the emulator answers at ${url} but its state file ${stateFile} has no instance id`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`the emulator did not answer at ${url} within 30 s`);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/v2/status`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}
