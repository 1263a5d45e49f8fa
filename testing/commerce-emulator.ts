import { startEmulator } from "@/emulator/app";
import { createCommerceClient, type CommerceClientOptions } from "@/lib/upstream/commerce/client";
import { parseApiKey } from "@/lib/upstream/commerce/auth";

// Test harness for the commerce client: the in-process emulator with its test controls
// (emulator/README.md "Test controls") and clients built with the emulator's fixed keys.

/** acct_shop, production (debits its 5,000 EUR of credits). */
export const SHOP_LIVE_KEY = "live_shop00000000000000000001:sk_shoplive000000000000000000000001";
/** acct_shop, sandbox. */
export const SHOP_SANDBOX_KEY = "test_shop00000000000000000001:sk_shopsandbox000000000000000000001";
/** acct_poor: 1.00 EUR, for INSUFFICIENT_CREDITS. */
export const POOR_LIVE_KEY = "live_poor00000000000000000001:sk_poorlive000000000000000000000001";

/** Backoff of a millisecond or so, so retry tests are fast. */
export const FAST_RETRIES = { baseDelayMs: 1, maxDelayMs: 5 } as const;

import type { FaultRuleInput as FaultRule } from "@/emulator/core/faults";

export async function startCommerceEmulator() {
  const emulator = await startEmulator(0, { controls: true });
  const control = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.url}/__control${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  return {
    url: emulator.url,
    control,
    reset: () => control("POST", "/reset"),
    fault: (rule: FaultRule) => control("POST", "/faults", rule),
    /** Calls per route, e.g. `{"GET /v2/topup/countries": 3}`. */
    counters: async () => (await control<{ counters: Record<string, number> }>("GET", "/counters")).counters,
    advanceClock: (ms: number) => control("POST", "/clock", { advanceMs: ms }),
    setConfig: (patch: Record<string, unknown>) => control("PATCH", "/config", patch),
    /** A client with an API key (the shop's live key unless told otherwise). */
    client: (key: string = SHOP_LIVE_KEY, options: Partial<CommerceClientOptions> = {}) => {
      const parsed = parseApiKey(key);
      if (!parsed) throw new Error(`bad test key ${key}`);
      return createCommerceClient({
        baseUrl: emulator.url,
        auth: { kind: "api_key", ...parsed },
        policy: FAST_RETRIES,
        ...options,
      });
    },
    close: () => emulator.close(),
  };
}

export type CommerceEmulator = Awaited<ReturnType<typeof startCommerceEmulator>>;
