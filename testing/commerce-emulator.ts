import { startEmulator } from "@relay/emulator";
import { emulatorControl, type FaultRuleInput as FaultRule } from "@relay/emulator/control";
import { EMBEDDED_COMMERCE_KEY, POOR_COMMERCE_KEY, SANDBOX_COMMERCE_KEY } from "@relay/emulator/sandbox";
import { createCommerceClient, type CommerceClientOptions } from "@/lib/upstream/commerce/client";
import { parseApiKey } from "@/lib/upstream/commerce/auth";

// Test harness for the commerce client: the in-process emulator with its test controls
// (emulator/README.md "Test controls", through @relay/emulator/control) and clients built with
// the emulator's fixed keys.

const apiKey = (key: { apiId: string; apiSecret: string }) => `${key.apiId}:${key.apiSecret}`;
/** acct_shop, production (debits its 5,000 EUR of credits). */
export const SHOP_LIVE_KEY = apiKey(EMBEDDED_COMMERCE_KEY);
/** acct_shop, sandbox. */
export const SHOP_SANDBOX_KEY = apiKey(SANDBOX_COMMERCE_KEY);
/** acct_poor: 1.00 EUR, for INSUFFICIENT_CREDITS. */
export const POOR_LIVE_KEY = apiKey(POOR_COMMERCE_KEY);

/** Backoff of a millisecond or so, so retry tests are fast. */
export const FAST_RETRIES = { baseDelayMs: 1, maxDelayMs: 5 } as const;

export async function startCommerceEmulator() {
  const emulator = await startEmulator(0, { controls: true });
  const controls = emulatorControl(emulator.url);
  /** Any control call by method and path (throws unless it succeeds). */
  const control = <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> =>
    controls.call<T>(method, path, body);

  return {
    url: emulator.url,
    controls,
    control,
    reset: () => controls.reset(),
    fault: (rule: FaultRule) => controls.addFault(rule),
    /** Calls per route, e.g. `{"GET /v2/topup/countries": 3}`. */
    counters: () => controls.counters(),
    advanceClock: (ms: number) => controls.advanceClock(ms),
    setConfig: (patch: Parameters<typeof controls.setConfig>[0]) => controls.setConfig(patch),
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
