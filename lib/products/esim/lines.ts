import type { PurchaseLine } from "@/lib/orders/buyer-view";
import { appleInstallUrl, parseActivationCode, type ActivationCode } from "@/lib/validation/lpa";
import { readEsimDetail } from "./detail";
import { dataText, validityText } from "./format";

// An eSIM order read for the buyer: `detail.esim` (./detail.ts) for "What you bought", and the
// fulfillment's eSIM fields for the delivery card. Malformed values are left out, never shown raw.

export type EsimPurchase = {
  destinationCode: string | null;
  destinationName: string | null;
  unlimited: boolean;
  dataGb: number | null;
};

/** The rows' words in the reader's language (components/shop/esim/esim-text.ts has the buyer's). */
export type EsimPurchaseWords = {
  destination: string;
  data: string;
  validFor: string;
  dataText: (plan: { unlimited: boolean; dataGb: number | null }) => string;
  validityText: (days: number) => string;
};

/** English: the default for callers that have no language (staff, and any caller not yet translated). */
export const ENGLISH_PURCHASE_WORDS: EsimPurchaseWords = {
  destination: "Destination",
  data: "Data",
  validFor: "Valid for",
  dataText,
  validityText,
};

/** "What you bought" rows for an eSIM order. */
export function esimPurchaseLines(detail: unknown, words: EsimPurchaseWords = ENGLISH_PURCHASE_WORDS): PurchaseLine[] {
  const esim = readEsimDetail(detail);
  if (!esim) return [];
  const lines: PurchaseLine[] = [];
  if (esim.destinationName)
    lines.push({
      label: words.destination,
      value: esim.destinationCode
        ? `${esim.destinationName} (${esim.destinationCode.toUpperCase()})`
        : esim.destinationName,
    });
  if (esim.unlimited !== undefined && esim.unlimited !== null)
    lines.push({
      label: words.data,
      value: words.dataText({ unlimited: esim.unlimited, dataGb: esim.dataGb ?? null }),
    });
  if (esim.validityDays) lines.push({ label: words.validFor, value: words.validityText(esim.validityDays) });
  return lines;
}

export function esimPurchase(detail: unknown): EsimPurchase {
  const esim = readEsimDetail(detail);
  return {
    destinationCode: esim?.destinationCode ?? null,
    destinationName: esim?.destinationName ?? null,
    unlimited: esim?.unlimited ?? false,
    dataGb: esim?.dataGb ?? null,
  };
}

export type EsimInstall = {
  iccid: string | null;
  /** Parsed from lpa_string; null when the supplier sent none or it is not an activation code. */
  activation: ActivationCode | null;
  /** The supplier's hosted QR PNG: served through the shop (never linked) when the app cannot draw the QR itself. */
  hostedQrUrl: string | null;
  /** iPhone one-tap install: Apple's universal link with the code (never the supplier's install_url, on its own host). */
  iphoneInstallUrl: string | null;
};

const httpUrl = (value: unknown): string | null =>
  typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value.trim()) ? value.trim() : null;

export function esimInstall(fulfillment: unknown): EsimInstall {
  const record =
    fulfillment && typeof fulfillment === "object" && !Array.isArray(fulfillment)
      ? (fulfillment as Record<string, unknown>)
      : {};
  const parsed = typeof record.lpaString === "string" ? parseActivationCode(record.lpaString) : null;
  const activation = parsed?.ok ? parsed.value : null;
  const iccid =
    typeof record.iccid === "string" && /^\d{10,22}F?$/i.test(record.iccid.trim()) ? record.iccid.trim() : null;
  return {
    iccid,
    activation,
    // The hosted QR may be served over plain http by a sandbox; the install link must be https.
    hostedQrUrl: httpUrl(record.qrCodeUrl),
    iphoneInstallUrl: activation ? appleInstallUrl(activation.lpa) : null,
  };
}
