// The emulator's accounts and their fixed, documented sandbox credentials (emulator/README.md).
// Key shapes follow upstream-notes: api_id = test_|live_ + 24 characters, secret = sk_ + 32.
// The keys a client also knows come from ../sandbox.ts (the package's shared constants).
import {
  EMBEDDED_COMMERCE_KEY,
  EMBEDDED_UNLOCK_ENVIRONMENT,
  EMBEDDED_UNLOCK_KEY,
  POOR_COMMERCE_KEY,
  SANDBOX_COMMERCE_KEY,
  SANDBOX_UNLOCK_KEY,
} from "../sandbox";

export type Tier = "free" | "pro" | "enterprise";
export type Environment = "sandbox" | "production";

export type CommerceAccount = {
  id: string;
  email: string;
  /** PRO accounts pay from credits; consumers pay through hosted payment links only. */
  kind: "pro" | "consumer";
  tier: Tier;
  /** Opening credit balance in EUR cents (PRO only). */
  openingBalanceMinor: number;
  keys: Array<{ apiId: string; apiSecret: string; environment: Environment }>;
  /** Password for the emulated sign-in page of the OAuth authorization server. */
  password: string;
};

export const RATE_LIMIT_PER_TIER: Record<Tier, number> = { free: 50, pro: 500, enterprise: 5000 };

export const COMMERCE_ACCOUNTS: readonly CommerceAccount[] = [
  {
    id: "acct_shop",
    email: "pro@emulator.test",
    kind: "pro",
    tier: "pro",
    openingBalanceMinor: 500_000,
    keys: [
      { ...SANDBOX_COMMERCE_KEY, environment: "sandbox" },
      { ...EMBEDDED_COMMERCE_KEY, environment: "production" },
    ],
    password: "emulator",
  },
  {
    id: "acct_free",
    email: "free@emulator.test",
    kind: "pro",
    tier: "free",
    openingBalanceMinor: 10_000,
    keys: [
      {
        apiId: "test_free00000000000000000001",
        apiSecret: "sk_freesandbox000000000000000000001",
        environment: "sandbox",
      },
    ],
    password: "emulator",
  },
  {
    id: "acct_enterprise",
    email: "enterprise@emulator.test",
    kind: "pro",
    tier: "enterprise",
    openingBalanceMinor: 10_000_000,
    keys: [
      {
        apiId: "live_entr00000000000000000001",
        apiSecret: "sk_entrlive000000000000000000000001",
        environment: "production",
      },
    ],
    password: "emulator",
  },
  {
    id: "acct_poor",
    email: "poor@emulator.test",
    kind: "pro",
    tier: "pro",
    openingBalanceMinor: 100,
    keys: [{ ...POOR_COMMERCE_KEY, environment: "production" }],
    password: "emulator",
  },
  {
    id: "acct_consumer",
    email: "consumer@emulator.test",
    kind: "consumer",
    tier: "free",
    openingBalanceMinor: 0,
    keys: [],
    password: "emulator",
  },
];

export type UnlockAccount = {
  id: string;
  svcKey: string;
  svcSecret: string;
  environment: Environment;
  openingCreditsMinor: number;
};

export const UNLOCK_ACCOUNTS: readonly UnlockAccount[] = [
  { id: "unlock_sandbox", ...SANDBOX_UNLOCK_KEY, environment: "sandbox", openingCreditsMinor: 100_000 },
  {
    id: "unlock_production",
    ...EMBEDDED_UNLOCK_KEY,
    environment: EMBEDDED_UNLOCK_ENVIRONMENT,
    openingCreditsMinor: 100_000,
  },
];

export function findCommerceKey(apiId: string, apiSecret: string) {
  for (const account of COMMERCE_ACCOUNTS) {
    const key = account.keys.find((k) => k.apiId === apiId);
    if (key) return { account, key, secretOk: key.apiSecret === apiSecret };
  }
  return undefined;
}
