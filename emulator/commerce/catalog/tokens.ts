import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// Price tokens.
// - Top-up and gift card tokens are opaque ("tp_…", "gc_…"): a hash of the seed and the rate,
//   so the same seed always gives the same tokens. They do not expire; they resolve for as
//   long as the catalog (the seed) is the same.
// - eSIM tokens follow upstream-notes: esim__{catalog_id}__{amount}__{currency}__{flag}__{unix_ts}__{sig}
//   where amount is the decimal price in `currency` (EUR or USD), flag is 1 for an unlimited
//   plan and 0 otherwise, unix_ts the issue time (seconds, emulator clock) and sig the first
//   16 hex characters of HMAC-SHA256(the emulator's key, everything before "__{sig}").
//   They expire ESIM_TOKEN_LIFETIME_MS after issue.

export const ESIM_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/**
 * The emulator's eSIM token key, in its key ring: per emulator (a catalog built for the same
 * context in a test resolves the same tokens), kept in the state file across restarts.
 */
export const ESIM_TOKEN_KEY_NAME = "commerce.esim-price-token";

export function opaqueToken(prefix: "tp" | "gc", seed: number, key: string): string {
  return `${prefix}_${createHash("sha256").update(`${seed}:${prefix}:${key}`).digest("hex").slice(0, 24)}`;
}

export type EsimTokenFields = {
  catalogId: string;
  amount: string;
  currency: "EUR" | "USD";
  unlimited: boolean;
  issuedAtSec: number;
};

function esimSignature(key: Uint8Array, body: string): string {
  return createHmac("sha256", key).update(body).digest("hex").slice(0, 16);
}

export function signEsimToken(key: Uint8Array, fields: EsimTokenFields): string {
  const body = [
    "esim",
    fields.catalogId,
    fields.amount,
    fields.currency,
    fields.unlimited ? "1" : "0",
    String(fields.issuedAtSec),
  ].join("__");
  return `${body}__${esimSignature(key, body)}`;
}

export type EsimTokenCheck = { ok: true; fields: EsimTokenFields } | { ok: false; reason: "invalid" | "expired" };

export function verifyEsimToken(key: Uint8Array, token: string, nowMs: number): EsimTokenCheck {
  const parts = token.split("__");
  if (parts.length !== 7 || parts[0] !== "esim") return { ok: false, reason: "invalid" };
  const [, catalogId = "", amount = "", currency = "", flag = "", issued = "", signature = ""] = parts;
  const expected = Buffer.from(esimSignature(key, parts.slice(0, 6).join("__")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if ((currency !== "EUR" && currency !== "USD") || (flag !== "0" && flag !== "1") || !/^\d+$/.test(issued))
    return { ok: false, reason: "invalid" };
  const issuedAtSec = Number(issued);
  if (nowMs > issuedAtSec * 1000 + ESIM_TOKEN_LIFETIME_MS) return { ok: false, reason: "expired" };
  return { ok: true, fields: { catalogId, amount, currency, unlimited: flag === "1", issuedAtSec } };
}
