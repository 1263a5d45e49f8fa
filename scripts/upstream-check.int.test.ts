import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// `npm run upstream:check` run as an operator runs it beside `npm start`: no upstream URL or key
// in the environment, so it talks to the embedded emulator (here: a test emulator on the port the
// embedded one would use) with the embedded shop credentials, as the app does.
const run = promisify(execFile);
let t: TestDatabase;
let emulator: CommerceEmulator;

beforeAll(async () => {
  t = await createTestDatabase();
  emulator = await startCommerceEmulator();
});
afterAll(async () => {
  await emulator?.close();
  await t?.cleanup();
});

function upstreamCheck(...args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: t.url,
    APP_URL: "https://shop.example.com",
    AUTH_SECRET: "a".repeat(40),
    APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    EMULATOR_PORT: new URL(emulator.url).port,
  };
  for (const name of [
    "COMMERCE_API_URL",
    "COMMERCE_API_KEY",
    "UNLOCK_API_URL",
    "UNLOCK_SVC_KEY",
    "UNLOCK_SVC_SECRET",
    "EMBEDDED_UPSTREAM_INSTANCE",
  ])
    delete env[name];
  // As package.json's "upstream:check" script runs it.
  return run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/upstream-check.ts", ...args], {
    env,
    timeout: 90_000,
  }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

describe("npm run upstream:check", () => {
  it("prints every call ok and exits 0 against the embedded emulator", async () => {
    const out = await upstreamCheck();
    expect(out.code, out.stdout + out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^endpoint\s+result\s+would stop$/m);
    expect(out.stdout).toMatch(/^GET \/v2\/topup\/countries\s+ok\s+top-ups$/m);
    expect(out.stdout).toMatch(/^GET \/tools\/\{device_id\}\/\{network_id\}\s+ok\s+device unlocks$/m);
    expect(out.stdout).toContain("All products ok");
    expect(out.stdout).not.toMatch(/missing field|wrong type|refused|unreachable/);
  }, 120_000);

  it("prints every call ok and exits 0 when the emulator answers only what the API documents name", async () => {
    await emulator.setConfig({ dialect: "documented" });
    try {
      const out = await upstreamCheck();
      expect(out.code, out.stdout + out.stderr).toBe(0);
      expect(out.stdout).toContain("All products ok");
    } finally {
      await emulator.setConfig({ dialect: "observed" });
    }
  }, 120_000);

  it("names the endpoint, the field and the product, and exits 1, when a catalog answer renames a field; --json says the same", async () => {
    await emulator.control("POST", "/rename-field", {
      path: "/v2/esim/destinations",
      from: "data.*.country_iso",
      to: "iso",
    });
    try {
      const out = await upstreamCheck();
      expect(out.code, out.stdout + out.stderr).toBe(1);
      expect(out.stdout).toMatch(/^GET \/v2\/esim\/destinations\s+missing field data\[0\]\.country_iso\s+eSIMs$/m);
      expect(out.stdout).toContain("Would fail: eSIMs.");

      const json = await upstreamCheck("--json");
      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout) as {
        ok: boolean;
        failingProducts: string[];
        rows: Array<{ endpoint: string; text: string; products: string[] }>;
      };
      expect(report.ok).toBe(false);
      expect(report.failingProducts).toEqual(["esim"]);
      expect(report.rows.find((row) => row.endpoint === "GET /v2/esim/destinations")).toMatchObject({
        text: "missing field data[0].country_iso",
        products: ["esim"],
      });
    } finally {
      await emulator.control("DELETE", "/rename-field");
    }
  }, 120_000);

  it("refuses an unknown argument with its usage", async () => {
    const out = await upstreamCheck("--jsn");
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("Usage: npm run upstream:check [-- --json]");
  }, 60_000);
});
