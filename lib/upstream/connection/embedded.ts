// The embedded emulator's shop credentials: the fixed, documented keys of the shop's accounts
// (emulator/README.md) that both sides know. The shop uses them when its upstream is the
// embedded emulator (resolve.ts); the emulator builds those accounts from these same values, so
// the two cannot drift apart. Pure (no server-only, relative imports only): the emulator, the
// start script and tests import it.
import type { ImeiCheckHashSettings } from "../unlock/imeicheck-hash-settings";

export const EMBEDDED_COMMERCE_KEY = {
  apiId: "live_shop00000000000000000001",
  apiSecret: "sk_shoplive000000000000000000000001",
} as const;
export const EMBEDDED_UNLOCK_KEY = { svcKey: "svc_live_key_0001", svcSecret: "svc_live_secret_0001" } as const;

/**
 * The embedded emulator's IMEI check hash rule as the shop's settings (emulator/unlock/README.md
 * "IMEI check hash": lowercase hex HMAC-SHA256 keyed with the SVC secret of SVC key + "####" +
 * IMEI). The embedded unlock account is production, so IMEI checks need it.
 */
export const EMBEDDED_IMEICHECK_HASH: ImeiCheckHashSettings = {
  algorithm: "hmac-sha256",
  key: "svc_secret",
  arguments: ["svc_key", "imei"],
  encoding: "hex",
  secret: null,
};
export const EMBEDDED_UNLOCK_ENVIRONMENT = "production" as const;

/** The embedded default: what `npm start` configures the shop with when it starts the emulator. */
export function embeddedShopCredentials() {
  return {
    commerceApiKey: `${EMBEDDED_COMMERCE_KEY.apiId}:${EMBEDDED_COMMERCE_KEY.apiSecret}`,
    unlockSvcKey: EMBEDDED_UNLOCK_KEY.svcKey,
    unlockSvcSecret: EMBEDDED_UNLOCK_KEY.svcSecret,
    unlockEnvironment: EMBEDDED_UNLOCK_ENVIRONMENT,
    unlockImeiCheckHash: EMBEDDED_IMEICHECK_HASH,
  };
}
