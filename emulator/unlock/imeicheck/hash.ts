import { createHmac, timingSafeEqual } from "node:crypto";

// The IMEI check `hash` (spec section 4: the method's arguments joined by "####"; the function,
// key and order are not public). The emulator's rule, in this one place:
//   hash = lowercase hex HMAC-SHA256( key = the account's SVC secret,
//                                     message = SVC key + "####" + IMEI )
// Clients compute it in one replaceable function too; a deployment against the live service
// swaps that function, not its callers.

export const HASH_SEPARATOR = "####";

/** The arguments the IMEI check hash groups, in order. */
export function imeiCheckHashArguments(svcKey: string, imei: string): string[] {
  return [svcKey, imei];
}

export function unlockHash(svcSecret: string, args: readonly string[]): string {
  return createHmac("sha256", svcSecret).update(args.join(HASH_SEPARATOR)).digest("hex");
}

/** Compares case-insensitively and in constant time. */
export function hashMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
