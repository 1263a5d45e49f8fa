import { startEmulator, type RunningEmulator } from "../../app";
import type { EmulatorConfig } from "../../core/config";
import { emulatorControl } from "../../control-client";

// Shared by the catalog's contract tests: a started emulator, small fetch helpers and the test
// controls (../../control-client.ts).

export const SANDBOX_AUTH = "Bearer test_shop00000000000000000001:sk_shopsandbox000000000000000000001";

export type Envelope<T = unknown> = {
  success: boolean;
  data: T;
  error: { code: string; message: string } | null;
  meta: { request_id: string; timestamp: string; has_more?: boolean; cursor?: string | null; limit?: number } & Record<
    string,
    unknown
  >;
};

export async function startCatalogEmulator(overrides: Partial<EmulatorConfig> = {}) {
  const emulator: RunningEmulator = await startEmulator(0, { controls: true, ...overrides });
  const request = async <T = unknown>(path: string, init: RequestInit & { auth?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    const auth = init.auth === undefined ? SANDBOX_AUTH : init.auth;
    if (auth) headers.set("Authorization", auth);
    const response = await fetch(`${emulator.url}${path}`, { ...init, headers });
    const text = await response.text();
    const body = (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as Envelope<T>;
    return { status: response.status, headers: response.headers, body, text };
  };
  /** GET /v2{path} with the sandbox key. */
  const v2 = <T = unknown>(path: string, init: RequestInit & { auth?: string | null } = {}) =>
    request<T>(`/v2${path}`, init);
  const controls = emulatorControl(emulator.url);
  return { emulator, v2, request, controls, close: () => emulator.close() };
}

export type CatalogHarness = Awaited<ReturnType<typeof startCatalogEmulator>>;
