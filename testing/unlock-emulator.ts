import { startEmulator, type RunningEmulator } from "@relay/emulator";
import type { EmulatorConfig } from "@relay/emulator/config";
import { emulatorControl, type EmulatorControl, type FaultRuleInput } from "@relay/emulator/control";
import { EMBEDDED_UNLOCK_KEY, SANDBOX_UNLOCK_KEY } from "@relay/emulator/sandbox";
import { EMBEDDED_IMEICHECK_HASH } from "@/lib/upstream/connection/embedded";
import { createUnlockClient, type UnlockClient, type UnlockClientOptions } from "@/lib/upstream/unlock/client";

// For the *.int.test.ts files beside it: an in-process emulator with test controls, and
// clients pointed at it. Values come from emulator/README.md and emulator/unlock/README.md; the
// controls are @relay/emulator/control's.

/** The embedded production account, with the IMEI check hash settings of the emulator's rule (lib/upstream/connection/embedded.ts). */
export const PRODUCTION = {
  ...EMBEDDED_UNLOCK_KEY,
  imeiCheckAccess: { environment: "production", hash: EMBEDDED_IMEICHECK_HASH },
} as const;
/** The sandbox account: IMEI checks without a hash (U§4). */
export const SANDBOX = {
  ...SANDBOX_UNLOCK_KEY,
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
  controls: EmulatorControl;
  /** Any control call by method and path (throws unless it succeeds). */
  control: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
  reset: () => Promise<void>;
  advance: (ms: number) => Promise<void>;
  fault: (rule: FaultRuleInput) => Promise<void>;
  /** Calls per "METHOD /path" since the last reset. */
  counters: () => Promise<Record<string, number>>;
  /** Calls whose "METHOD /path" starts with `prefix`. */
  callsTo: (prefix: string) => Promise<number>;
};

export async function startUnlockEmulator(
  config: Partial<Pick<EmulatorConfig, "dialect">> = {},
): Promise<UnlockTestEmulator> {
  const emulator = await startEmulator(0, { controls: true, ...config });
  const controls = emulatorControl(emulator.url);
  const counters = () => controls.counters();
  return {
    ...emulator,
    client: (overrides = {}) =>
      createUnlockClient({ baseUrl: emulator.url, ...PRODUCTION, policy: FAST_POLICY, ...overrides }),
    controls,
    control: (method, path, body) => controls.call(method, path, body),
    reset: () => controls.reset(),
    advance: async (ms) => void (await controls.advanceClock(ms)),
    fault: async (rule) => void (await controls.addFault(rule)),
    counters,
    callsTo: async (prefix) =>
      Object.entries(await counters())
        .filter(([route]) => route.startsWith(prefix))
        .reduce((sum, [, n]) => sum + n, 0),
  };
}
