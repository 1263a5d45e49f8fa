import { vi } from "vitest";
import { startEmulator, type RunningEmulator } from "@/emulator/app";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";
import { imeiCheckHashEnv } from "@/lib/upstream/unlock/imeicheck-hash-settings";

/**
 * For integration tests of code that uses the app's singletons (`env`, `db`, the upstream
 * clients): points them at a test database and a running emulator with the shop's sandbox
 * credentials. Import the code under test with a dynamic `import()` afterwards, and call
 * `vi.unstubAllEnvs()` when done.
 */
export function stubAppEnv({ databaseUrl, emulatorUrl }: { databaseUrl: string; emulatorUrl: string }): void {
  const credentials = embeddedShopCredentials();
  vi.stubEnv("AUTH_SECRET", "a".repeat(40));
  vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 7).toString("base64"));
  vi.stubEnv("DATABASE_URL", databaseUrl);
  vi.stubEnv("COMMERCE_API_URL", emulatorUrl);
  vi.stubEnv("COMMERCE_API_KEY", credentials.commerceApiKey);
  vi.stubEnv("UNLOCK_API_URL", emulatorUrl);
  vi.stubEnv("UNLOCK_SVC_KEY", credentials.unlockSvcKey);
  vi.stubEnv("UNLOCK_SVC_SECRET", credentials.unlockSvcSecret);
  vi.stubEnv("UNLOCK_ACCOUNT_ENVIRONMENT", credentials.unlockEnvironment);
  for (const [name, value] of Object.entries(imeiCheckHashEnv(credentials.unlockImeiCheckHash)))
    vi.stubEnv(name, value);
}

export type AppWithEmulator = { emu: RunningEmulator; t: TestDatabase };

/** A test database and a started emulator (with its controls), the app's singletons pointed at them. */
export async function startAppWithEmulator(): Promise<AppWithEmulator> {
  const [emu, t] = await Promise.all([startEmulator(0, { controls: true }), createTestDatabase()]);
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: emu.url });
  return { emu, t };
}

export async function stopAppWithEmulator(app: Partial<AppWithEmulator>): Promise<void> {
  vi.unstubAllEnvs();
  await app.emu?.close();
  await app.t?.cleanup();
}
