// Shared helpers of the order core's tests (not a test file itself): an emulator with the
// fake catalog injected, a tiny HTTP client, credentials and clock control.
import { startEmulator, type RunningEmulator } from "../../../app";
import { COMMERCE_ACCOUNTS } from "../../../core/accounts";
import type { EmulatorConfig } from "../../../core/config";
import { emulatorControl, type ConfigSwitches } from "../../../control-client";
import { injectCatalogForTests } from "../index";
import { fakeCatalog } from "./fake-catalog";

const keyOf = (accountId: string, environment: "sandbox" | "production") => {
  const key = COMMERCE_ACCOUNTS.find((a) => a.id === accountId)!.keys.find((k) => k.environment === environment)!;
  return `Bearer ${key.apiId}:${key.apiSecret}`;
};

export const AUTH = {
  shopLive: keyOf("acct_shop", "production"),
  shopSandbox: keyOf("acct_shop", "sandbox"),
  poorLive: keyOf("acct_poor", "production"),
  enterpriseLive: keyOf("acct_enterprise", "production"),
  freeSandbox: keyOf("acct_free", "sandbox"),
};

export async function startOrdersEmulator(overrides: Partial<EmulatorConfig> = {}): Promise<RunningEmulator> {
  const emulator = await startEmulator(0, { controls: true, ...overrides });
  injectCatalogForTests(emulator.ctx, fakeCatalog);
  return emulator;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type Reply = { status: number; headers: Headers; body: Json; text: string };

export async function call(
  base: string,
  method: string,
  path: string,
  options: { auth?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.Authorization = options.auth;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let json: Json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, body: json, text };
}

export const v2 = (base: string) => ({
  get: (path: string, auth?: string) => call(base, "GET", `/v2${path}`, { auth }),
  post: (path: string, body: unknown, auth?: string, headers?: Record<string, string>) =>
    call(base, "POST", `/v2${path}`, { auth, body, headers }),
  patch: (path: string, body: unknown, auth?: string) => call(base, "PATCH", `/v2${path}`, { auth, body }),
  del: (path: string, auth?: string) => call(base, "DELETE", `/v2${path}`, { auth }),
});

/** The test controls through the package's control client; a refused call throws (ControlError). */
export const control = (base: string) => {
  const controls = emulatorControl(base);
  return {
    controls,
    reset: () => controls.reset(),
    advance: async (ms: number) => {
      const moved = await controls.advanceClock(ms);
      // The timer tick may have been running due tasks already; let it finish too.
      await controls.runDue();
      return moved;
    },
    ledger: async (account?: string) =>
      (await controls.ledger()).filter((e) => e.api === "commerce" && (!account || e.account === account)),
    config: (patch: ConfigSwitches) => controls.setConfig(patch),
    deliveries: (filter: { webhook_id?: string; event_type?: string; event_id?: string } = {}) =>
      controls.commerce.deliveries(filter),
    /** Any POST under /__control, whatever it answers (status and parsed body). */
    post: (path: string, body?: unknown) => controls.request<Json>("POST", path, body),
    /** An OAuth access token from the OAuth module's control shortcut. */
    token: async (email: string, scope?: string, environment: "production" | "sandbox" = "production") =>
      `Bearer ${(await controls.oauth.tokens({ email, scope, environment })).access_token}`,
  };
};

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("waitFor: condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const FULFILMENT_MS = 5_000;
