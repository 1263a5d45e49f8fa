import { startEmulator, type RunningEmulator } from "@/emulator/app";
import type { EmulatorConfig } from "@/emulator/core/config";
import { EMBEDDED_IMEICHECK_HASH } from "@/lib/upstream/connection/embedded";
import { createUnlockClient, type UnlockClient, type UnlockClientOptions } from "@/lib/upstream/unlock/client";

// For the *.int.test.ts files beside it: an in-process emulator with test controls, and
// clients pointed at it. Values come from emulator/README.md and emulator/unlock/README.md.

/** The embedded production account, with the IMEI check hash settings of the emulator's rule (lib/upstream/connection/embedded.ts). */
export const PRODUCTION = {
  svcKey: "svc_live_key_0001",
  svcSecret: "svc_live_secret_0001",
  imeiCheckAccess: { environment: "production", hash: EMBEDDED_IMEICHECK_HASH },
} as const;
/** The sandbox account: IMEI checks without a hash (U§4). */
export const SANDBOX = {
  svcKey: "svc_sandbox_key_0001",
  svcSecret: "svc_sandbox_secret_0001",
  imeiCheckAccess: { environment: "sandbox", hash: null },
} as const;

/** The emulator's well-known pair: Apple iPhone 13 on EE, United Kingdom. */
export const WELL_KNOWN = { brandId: 1, deviceId: 1015, countryId: 826, networkId: 234030 } as const;
/** Its tools by what they need. */
export const TOOL = { standard: 1, instant: 3, sn: 4, prd: 5, pin: 6, mep: 7, sro: 8, all: 12 } as const;

export const SUFFIX_EXAMPLES = {
  sn: "SNAB12-C3456",
  prd: "PRD12345678",
  pin: "PIN1234ABCD",
  mep: "MEP-12345-123",
  sro: "SROX1234567",
} as const;

/** Short backoff so retry tests stay fast. */
export const FAST_POLICY = { baseDelayMs: 1, maxDelayMs: 5 } as const;

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;

export type UnlockTestEmulator = RunningEmulator & {
  client: (overrides?: Partial<UnlockClientOptions>) => UnlockClient;
  control: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
  reset: () => Promise<void>;
  advance: (ms: number) => Promise<void>;
  fault: (rule: Record<string, unknown>) => Promise<void>;
  /** Calls per "METHOD /path" since the last reset. */
  counters: () => Promise<Record<string, number>>;
  /** Calls whose "METHOD /path" starts with `prefix`. */
  callsTo: (prefix: string) => Promise<number>;
};

export async function startUnlockEmulator(
  config: Partial<Pick<EmulatorConfig, "dialect">> = {},
): Promise<UnlockTestEmulator> {
  const emulator = await startEmulator(0, { controls: true, ...config });
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.url}/__control${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const counters = async () => (await control<{ counters: Record<string, number> }>("GET", "/counters")).counters;
  return {
    ...emulator,
    client: (overrides = {}) =>
      createUnlockClient({ baseUrl: emulator.url, ...PRODUCTION, policy: FAST_POLICY, ...overrides }),
    control,
    reset: async () => void (await control("POST", "/reset")),
    advance: async (ms) => void (await control("POST", "/clock", { advanceMs: ms })),
    fault: async (rule) => void (await control("POST", "/faults", rule)),
    counters,
    callsTo: async (prefix) =>
      Object.entries(await counters())
        .filter(([route]) => route.startsWith(prefix))
        .reduce((sum, [, n]) => sum + n, 0),
  };
}
