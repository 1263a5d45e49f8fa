import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

// What a fulfilled eSIM order carries: an ICCID, the GSMA SGP.22 activation code
// (LPA:1$<SM-DP+ address>$<matching id>), the Apple universal install link and a signed,
// unauthenticated QR URL.

export const SMDP_ADDRESS = "smdp.emulator.test";
export const APPLE_INSTALL_PREFIX = "https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=";

/** Luhn check digit of a digit string (ICCIDs end with one, like IMEIs). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 20 digits: 89 (telecom) 882 (international) 47, the order number, Luhn check digit. Unique per order. */
export function iccidFor(seq: number): string {
  const body = `8988247${String(seq).padStart(12, "0")}`;
  return `${body}${luhnCheckDigit(body)}`;
}

const MATCHING_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Five groups of five, like the SGP.22 example 04386-AGYFT-A74Y8-3F815. */
export function newMatchingId(): string {
  const group = () => Array.from({ length: 5 }, () => MATCHING_ALPHABET[randomInt(MATCHING_ALPHABET.length)]).join("");
  return [group(), group(), group(), group(), group()].join("-");
}

export function lpaString(matchingId: string): string {
  return `LPA:1$${SMDP_ADDRESS}$${matchingId}`;
}

export function appleInstallUrl(lpa: string): string {
  return APPLE_INSTALL_PREFIX + encodeURIComponent(lpa);
}

export function newQrTicketId(): string {
  return randomBytes(12).toString("hex");
}

/** The QR path's `sig`: HMAC-SHA256 of the ticket id, 32 hex characters. */
export function qrSignature(key: Buffer, ticketId: string): string {
  return createHmac("sha256", key).update(ticketId).digest("hex").slice(0, 32);
}

export function qrSignatureValid(key: Buffer, ticketId: string, sig: string): boolean {
  const expected = Buffer.from(qrSignature(key, ticketId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function qrCodeUrl(publicUrl: string, ticketId: string, sig: string): string {
  return `${publicUrl}/v2/esim/qr/${ticketId}/${sig}`;
}
