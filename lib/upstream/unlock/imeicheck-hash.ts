import "server-only";
import { createHash, createHmac } from "node:crypto";
import {
  IMEI_CHECK_HASH_SEPARATOR,
  isHmac,
  type ImeiCheckHashSettings,
  type ImeiCheckHashValue,
  type UnlockAccountEnvironment,
} from "./imeicheck-hash-settings";

// The ONE place that decides how an IMEI check is sent (docs/unlock.md "IMEI check hash"):
// - a sandbox account: `/imeicheck/{imei}` without a hash (U§4: "valid only in sandbox");
// - a production account: `/imeicheck/{imei}/{hash}` with the hash the configured settings give
//   (imeicheck-hash-settings.ts); without settings, no IMEI check at all: U§4 does not show the
//   function, so any built-in guess would fail every live check after the buyer paid.

export { IMEI_CHECK_HASH_SEPARATOR };

/** The account the IMEI check goes to: its environment and the hash settings in force (connection/resolve.ts). */
export type ImeiCheckAccess = { environment: UnlockAccountEnvironment; hash: ImeiCheckHashSettings | null };

export type ImeiCheckHashInput = { svcKey: string; svcSecret: string; imei: string };

export type ImeiCheckForm = { kind: "hashless" } | { kind: "hash"; hash: string } | { kind: "off"; reason: string };

export const IMEI_CHECKS_OFF_MESSAGE =
  "IMEI checks are off: the unlocking account is production and no IMEI check hash is configured (Admin → Upstream connection)";

/** The hash the settings describe: the values in `arguments` joined by "####", digested, encoded. */
export function imeiCheckHash(settings: ImeiCheckHashSettings, input: ImeiCheckHashInput): string {
  const value = (name: ImeiCheckHashValue): string => {
    if (name === "imei") return input.imei;
    if (name === "svc_key") return input.svcKey;
    if (name === "svc_secret") return input.svcSecret;
    return settings.secret ?? "";
  };
  const message = settings.arguments.map(value).join(IMEI_CHECK_HASH_SEPARATOR);
  const digestName = settings.algorithm.replace(/^hmac-/, "");
  const digest = isHmac(settings.algorithm)
    ? createHmac(digestName, value(settings.key!)).update(message).digest()
    : createHash(digestName).update(message).digest();
  if (settings.encoding === "hex") return digest.toString("hex");
  if (settings.encoding === "hex-upper") return digest.toString("hex").toUpperCase();
  return digest.toString(settings.encoding);
}

/** Why IMEI checks cannot be sold on this account (the staff message), or null when they can. */
export function imeiCheckAccessProblem(access: ImeiCheckAccess): string | null {
  return access.environment === "production" && access.hash === null ? IMEI_CHECKS_OFF_MESSAGE : null;
}

/** How this account's IMEI check of `input.imei` is sent. */
export function imeiCheckForm(access: ImeiCheckAccess, input: ImeiCheckHashInput): ImeiCheckForm {
  if (access.environment === "sandbox") return { kind: "hashless" };
  if (access.hash === null) return { kind: "off", reason: IMEI_CHECKS_OFF_MESSAGE };
  return { kind: "hash", hash: imeiCheckHash(access.hash, input) };
}
