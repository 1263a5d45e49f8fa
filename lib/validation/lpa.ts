// eSIM activation codes (GSMA SGP.22 §4.1, shared/spec/test-vectors.md):
//   [LPA:]1$<SM-DP+ address>$<Matching ID>[$<SM-DP+ OID>[$<1 = confirmation code required>]]
// The QR payload is exactly the string with its "LPA:" prefix. The confirmation code itself is
// never part of it: the buyer types it separately when the flag is set.

export type ActivationCode = {
  /** The code as a QR carries it: always with the "LPA:" prefix. */
  lpa: string;
  smdpAddress: string;
  matchingId: string;
  smdpOid: string | null;
  confirmationCodeRequired: boolean;
};

export type ParsedActivationCode = { ok: true; value: ActivationCode } | { ok: false; error: string };

// A host name (letters, digits, hyphens, dots) with an optional port, as SM-DP+ addresses are.
const HOST =
  /^(?=.{1,253}(?::\d{1,5})?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+(?::\d{1,5})?$/;
const OID = /^[0-2](?:\.\d+)+$/;
// Printable ASCII without the field delimiter.
const MATCHING_ID = /^[\x21-\x23\x25-\x7e]{1,255}$/;

export function parseActivationCode(input: string): ParsedActivationCode {
  const text = input.trim();
  const body = /^LPA:/i.test(text) ? text.slice(4) : text;
  const parts = body.split("$");
  if (parts[0] !== "1") return { ok: false, error: 'An activation code starts with "LPA:1$".' };
  if (parts.length < 3) return { ok: false, error: "The activation code has no matching ID." };
  if (parts.length > 5) return { ok: false, error: "The activation code has too many fields." };
  const [, smdpAddress = "", matchingId = "", oid, flag] = parts;
  if (!HOST.test(smdpAddress)) return { ok: false, error: "The SM-DP+ address is not a host name." };
  if (!MATCHING_ID.test(matchingId)) return { ok: false, error: "The activation code has no matching ID." };
  if (oid !== undefined && oid !== "" && !OID.test(oid))
    return { ok: false, error: "The SM-DP+ OID is not an object identifier." };
  if (flag !== undefined && flag !== "1") return { ok: false, error: "The confirmation code flag can only be 1." };
  return {
    ok: true,
    value: {
      lpa: `LPA:${body}`,
      smdpAddress,
      matchingId,
      smdpOid: oid ? oid : null,
      confirmationCodeRequired: flag === "1",
    },
  };
}

/** The universal link iPhones open to install an eSIM (iOS 17.4+; test-vectors.md). */
export const APPLE_ESIM_SETUP_URL = "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=";

export function appleInstallUrl(lpa: string): string {
  return APPLE_ESIM_SETUP_URL + encodeURIComponent(lpa);
}
