import { randomInt } from "node:crypto";

// A fulfilled gift card carries a PIN and a redemption URL (served by this module, see routes-redeem.ts).
const PIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: buyers type these

export function newRedemptionCode(): string {
  const group = () => Array.from({ length: 4 }, () => PIN_ALPHABET[randomInt(PIN_ALPHABET.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}

export function redemptionUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/v2/redeem/${code}`;
}
