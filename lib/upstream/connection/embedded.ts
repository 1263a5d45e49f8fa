// The embedded emulator's shop credentials: the fixed, documented keys of the shop's accounts
// that both sides know, defined once in the emulator package (`@relay/emulator/sandbox`, its only
// entry lib/ may import). The shop uses them when its upstream is the embedded emulator
// (resolve.ts). Pure (no server-only, relative imports only besides the package): the start
// script and tests import it.
import {
  EMBEDDED_COMMERCE_KEY,
  EMBEDDED_UNLOCK_ENVIRONMENT,
  EMBEDDED_UNLOCK_KEY,
  IMEICHECK_HASH_RULE,
} from "@relay/emulator/sandbox";
import type { ImeiCheckHashSettings } from "../unlock/imeicheck-hash-settings";

export { EMBEDDED_COMMERCE_KEY, EMBEDDED_UNLOCK_ENVIRONMENT, EMBEDDED_UNLOCK_KEY };

/**
 * The embedded emulator's IMEI check hash rule as the shop's settings (emulator/unlock/README.md
 * "IMEI check hash"). The embedded unlock account is production, so IMEI checks need it.
 */
export const EMBEDDED_IMEICHECK_HASH: ImeiCheckHashSettings = {
  ...IMEICHECK_HASH_RULE,
  arguments: [...IMEICHECK_HASH_RULE.arguments],
};

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
