// The emulator's fixed, documented sandbox credentials (README.md "Accounts") that its clients
// know too: `@relay/emulator/sandbox`. The emulator builds its accounts from these values and the
// shop configures its embedded default from them, so the two cannot drift apart. Constants only:
// the one entry of this package the shop's service layer may import.

/** acct_shop's production-like key: the embedded shop's commerce credentials. */
export const EMBEDDED_COMMERCE_KEY = {
  apiId: "live_shop00000000000000000001",
  apiSecret: "sk_shoplive000000000000000000000001",
} as const;
/** acct_shop's sandbox key (orders are simulated, nothing is debited). */
export const SANDBOX_COMMERCE_KEY = {
  apiId: "test_shop00000000000000000001",
  apiSecret: "sk_shopsandbox000000000000000000001",
} as const;
/** acct_poor's key: 1.00 EUR of credits, for INSUFFICIENT_CREDITS. */
export const POOR_COMMERCE_KEY = {
  apiId: "live_poor00000000000000000001",
  apiSecret: "sk_poorlive000000000000000000000001",
} as const;

/** unlock_production: the embedded shop's unlocking account. */
export const EMBEDDED_UNLOCK_KEY = { svcKey: "svc_live_key_0001", svcSecret: "svc_live_secret_0001" } as const;
export const EMBEDDED_UNLOCK_ENVIRONMENT = "production" as const;
/** unlock_sandbox: IMEI checks without a hash. */
export const SANDBOX_UNLOCK_KEY = { svcKey: "svc_sandbox_key_0001", svcSecret: "svc_sandbox_secret_0001" } as const;

/**
 * The emulator's IMEI check hash rule (unlock/README.md "IMEI check hash"): lowercase hex
 * HMAC-SHA256 keyed with the account's SVC secret, of SVC key + "####" + IMEI. In the shape of
 * the shop's hash settings, with no separate secret.
 */
export const IMEICHECK_HASH_RULE = {
  algorithm: "hmac-sha256",
  key: "svc_secret",
  arguments: ["svc_key", "imei"],
  encoding: "hex",
  secret: null,
} as const;
