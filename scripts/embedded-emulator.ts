// With no upstream configured, `npm start` runs the sandbox emulator of both APIs beside the
// app (loopback only) and points the app at it; the app then uses the emulator's shop
// credentials unless others are set (lib/upstream/connection/resolve.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { emulatorUrl, type Env } from "../lib/env-schema.ts";

export function needsEmulator(env: Env): boolean {
  return !env.COMMERCE_API_URL || !env.UNLOCK_API_URL;
}

export async function startEmulatorProcess(env: Env, spawnEnv: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const url = emulatorUrl(env.EMULATOR_PORT);
  if (await answers(url)) {
    throw new Error(`port ${env.EMULATOR_PORT} is already in use (an emulator left running?); stop it or set EMULATOR_PORT`);
  }
  const child = spawn("node_modules/.bin/tsx", ["emulator/server.ts"], { stdio: "inherit", env: { ...spawnEnv, EMULATOR_PORT: String(env.EMULATOR_PORT) } });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the emulator exited (code ${child.exitCode})`);
    if (await answers(url)) return child;
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
