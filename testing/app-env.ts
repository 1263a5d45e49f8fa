import { vi } from "vitest";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";

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
}
