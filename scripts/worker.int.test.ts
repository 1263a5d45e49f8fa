import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { POOR_LIVE_KEY, startCommerceEmulator } from "@/testing/commerce-emulator";

// `npm run worker` (the order worker as its own process, for several instances: docs/deploy.md)
// starts as an operator runs it, finds its work, and stops cleanly on SIGTERM. Every other test
// runs the worker inside the app, so only this one would see it crash at start-up (for instance
// a React build loaded under the react-server condition by the mail texts' translator).
let t: TestDatabase;
let emulator: Awaited<ReturnType<typeof startCommerceEmulator>>;

beforeAll(async () => {
  t = await createTestDatabase();
  emulator = await startCommerceEmulator();
});
afterAll(async () => {
  await emulator?.close();
  await t?.cleanup();
});

describe("npm run worker", () => {
  it("starts, says so, and leaves on SIGTERM with exit code 0", async () => {
    const env = {
      ...process.env,
      DATABASE_URL: t.url,
      APP_URL: "https://shop.example.com",
      AUTH_SECRET: "a".repeat(40),
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      COMMERCE_API_URL: emulator.url,
      COMMERCE_API_KEY: POOR_LIVE_KEY,
      UNLOCK_API_URL: emulator.url,
      UNLOCK_SVC_KEY: "svc_live_key_0001",
      UNLOCK_SVC_SECRET: "svc_live_secret_0001",
      LOG_LEVEL: "info",
    };
    // As package.json's "worker" script runs it: node itself, so a stop signal reaches the worker
    // (the tsx command line relays signals only once the child has told it which it handles).
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/worker.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (!output.includes("order worker started") && child.exitCode === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(output, output).toContain('"msg":"order worker started"');
    child.kill("SIGTERM");
    expect(await exited, output).toBe(0);
  }, 90_000);
});
