import { spawn, type ChildProcess } from "node:child_process";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";
import { imeiCheckHashEnv } from "@/lib/upstream/unlock/imeicheck-hash-settings";

// The standalone worker (`npm run worker`, scripts/worker.ts) as a real process on a test's
// database and emulator, for the tests that stop or kill it mid-work.

export type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

export function startWorkerProcess(
  target: { url: string; emulatorUrl: string },
  extraEnv: Record<string, string> = {},
): WorkerProcess {
  const credentials = embeddedShopCredentials();
  const env = {
    ...process.env,
    DATABASE_URL: target.url,
    APP_URL: "https://shop.example.com",
    AUTH_SECRET: "a".repeat(40),
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    COMMERCE_API_URL: target.emulatorUrl,
    COMMERCE_API_KEY: credentials.commerceApiKey,
    UNLOCK_API_URL: target.emulatorUrl,
    UNLOCK_SVC_KEY: credentials.unlockSvcKey,
    UNLOCK_SVC_SECRET: credentials.unlockSvcSecret,
    UNLOCK_ACCOUNT_ENVIRONMENT: credentials.unlockEnvironment,
    ...imeiCheckHashEnv(credentials.unlockImeiCheckHash),
    COMMERCE_WEBHOOKS: "off",
    LOG_LEVEL: "info",
    ...extraEnv,
  };
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until `check` holds; past the deadline, fails with the worker's output. */
export async function waitForWorker(
  what: string,
  check: () => Promise<boolean> | boolean,
  output: () => string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
