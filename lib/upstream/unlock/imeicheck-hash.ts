import "server-only";
import { createHmac } from "node:crypto";

// The IMEI check `hash` (unlocking spec section 4: "an encrypted value that groups the
// method's arguments joined by the separator ####"; the function, key and argument order are
// not public). This ONE function implements the EMULATOR's documented rule
// (emulator/unlock/README.md, "IMEI check hash"):
//
//   hash = lowercase hex( HMAC-SHA256( key = SVC_SECRET, message = SVC_KEY + "####" + IMEI ) )
//
// It is a stand-in. A deployment against the live service replaces this function (or passes
// its own `imeiCheckHash` to createUnlockClient) once the real rule is known; callers do not change.

export const IMEI_CHECK_HASH_SEPARATOR = "####";

export type ImeiCheckHashInput = { svcKey: string; svcSecret: string; imei: string };

/** The hash for `/imeicheck/{imei}/{hash}`, or undefined when it cannot be computed. */
export type ImeiCheckHashFunction = (input: ImeiCheckHashInput) => string | undefined;

export const imeiCheckHash: ImeiCheckHashFunction = ({ svcKey, svcSecret, imei }) => {
  if (!svcKey || !svcSecret) return undefined;
  return createHmac("sha256", svcSecret).update([svcKey, imei].join(IMEI_CHECK_HASH_SEPARATOR)).digest("hex");
};
