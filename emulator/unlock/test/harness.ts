import { startEmulator, type RunningEmulator } from "../../app";
import { UNLOCK_ACCOUNTS, type UnlockAccount } from "../../core/accounts";
import type { EmulatorConfig } from "../../core/config";
import { emulatorControl, type EmulatorControl } from "../../control-client";

// Shared helpers for the unlocking contract tests: a started emulator, credential headers,
// calls that return status + headers + parsed JSON, and the test controls (../../control-client.ts).

export const SANDBOX = UNLOCK_ACCOUNTS.find((a) => a.environment === "sandbox")!;
export const PRODUCTION = UNLOCK_ACCOUNTS.find((a) => a.environment === "production")!;

/** Test vectors (test-vectors.md) and IMEIs picked for the emulator's documented rules. */
export const IMEI = {
  valid: "490154203237518",
  valid2: "356938035643809",
  wrongCheckDigit: "490154203237517",
  fourteenDigits: "49015420323751",
  /** Check digit 0: notavailable when the tool's time is up. */
  endsIn0: "356938035600510",
  /** Last two digits 00: error at creation. */
  endsIn00: "356938035600700",
  /** Check digit 7: the IMEI check reports it blacklisted. */
  endsIn7: "356938035640037",
} as const;

export const WELL_KNOWN = { brandId: 1, deviceId: 1015, countryId: 826, networkId: 234030 } as const;
/** Well-known pair tools by what they need (README). */
export const TOOL = { standard: 1, instant: 3, sn: 4, prd: 5, pin: 6, mep: 7, sro: 8, all: 12 } as const;

export type Reply = {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { code?: number; status: string; info: string; res: any };
};

export function svcHeaders(account: UnlockAccount = SANDBOX): Record<string, string> {
  return { SVC_KEY: account.svcKey, SVC_SECRET: account.svcSecret };
}

export type Harness = RunningEmulator & {
  call: (
    method: string,
    path: string,
    init?: { account?: UnlockAccount; headers?: Record<string, string>; body?: BodyInit },
  ) => Promise<Reply>;
  controls: EmulatorControl;
  /** Any control call, whatever it answers: its parsed body. */
  control: (method: string, path: string, body?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  advance: (ms: number) => Promise<void>;
  order: (imeiValue: string, toolId?: number, account?: UnlockAccount) => Promise<number>;
  balance: (account: UnlockAccount) => Promise<number>;
};

export async function startHarness(overrides: Partial<EmulatorConfig> = {}): Promise<Harness> {
  const emulator = await startEmulator(0, { controls: true, ...overrides });
  const call: Harness["call"] = async (method, path, init = {}) => {
    const response = await fetch(emulator.url + path, {
      method,
      headers: init.headers ?? svcHeaders(init.account),
      body: init.body,
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const controls = emulatorControl(emulator.url);
  const control: Harness["control"] = async (method, path, body) => (await controls.request(method, path, body)).body;
  return {
    ...emulator,
    call,
    controls,
    control,
    advance: async (ms) => void (await controls.advanceClock(ms)),
    order: async (imeiValue, toolId = TOOL.standard, account = SANDBOX) => {
      const reply = await call(
        "POST",
        `/create_order/${WELL_KNOWN.deviceId}/${WELL_KNOWN.networkId}/${imeiValue}/${toolId}`,
        { account },
      );
      if (reply.body.status !== "OK") throw new Error(`create_order failed: ${reply.body.info}`);
      return reply.body.res.id_ticket as number;
    },
    balance: async (account) => (await control("GET", `/unlock/accounts/${account.id}/balance`)).creditsMinor,
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WEEK = 7 * DAY;
