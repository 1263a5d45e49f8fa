import type { EsimLine } from "@/lib/upstream/commerce/schemas";
import type { OrderFulfillment } from "@/lib/orders/fulfillment";
import { asObject } from "@/lib/orders/detail";

// An eSIM's remaining data as the order stores it (Order.fulfillment, the order core's
// balance fields) and the five-minute gate in front of the supplier (commerce-api-v2.md
// section 8: the balance is refreshed from the provider at most once per five minutes, so
// asking more often only costs a request). Pure: the database and upstream side is in
// remaining-data.ts.

export const USAGE_GATE_MS = 5 * 60_000;

export type EsimUsage = {
  unlimited: boolean;
  /** GB left; null when unlimited or not reported. */
  remainingGb: number | null;
  daysLeft: number | null;
  /** False: installed but not yet used on a network (the validity has not started). */
  activated: boolean | null;
  /** When the supplier last read the balance (its own clock). */
  checkedAt: string | null;
  /** When the plan stops working, once known (set when the eSIM is activated). */
  expiresAt: string | null;
  /** The line's state from the lines endpoint (ready, active, depleted, expired), when known. */
  lineStatus: string | null;
};

/** The fulfillment keys this module writes besides the order core's balance fields. */
export type UsageBookkeeping = {
  /** When this shop last asked the supplier (our clock, ISO): the gate's start. */
  usageAskedAt?: string;
  lineStatus?: string;
};

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const time = (value: unknown): string | null => {
  const text = str(value);
  return text && !Number.isNaN(Date.parse(text)) ? text : null;
};

/** The remaining data stored on an order, or null when the supplier has not reported any. */
export function readStoredUsage(fulfillment: unknown): EsimUsage | null {
  const record = asObject(fulfillment);
  const amount = str(record.balanceAmount);
  const consumption = asObject(record.consumption);
  if (!amount && Object.keys(consumption).length === 0) return null;
  const unlimited = consumption.unlimited === true || amount?.toLowerCase() === "unlimited";
  const fromAmount =
    amount && /^\d+(\.\d+)?$/.test(amount) && (str(record.balanceUnit) ?? "GB").toUpperCase() === "GB"
      ? Number(amount)
      : null;
  return {
    unlimited,
    remainingGb: unlimited ? null : (num(consumption.data_remaining_gb) ?? fromAmount),
    daysLeft: num(consumption.days_left),
    activated: typeof consumption.activated === "boolean" ? consumption.activated : null,
    checkedAt: time(record.balanceCheckedAt),
    expiresAt: time(record.balanceExpiration),
    lineStatus: str(record.lineStatus),
  };
}

export function readIccid(fulfillment: unknown): string | null {
  return str(asObject(fulfillment).iccid);
}

/**
 * When the gate started: our last question to the supplier, or else the supplier's own check
 * time stored with the order (the order detail read at fulfillment carries it). A time ahead
 * of our clock says nothing about when we asked, so it does not hold the gate shut.
 */
export function gateStart(fulfillment: unknown, now: number): number | null {
  const record = asObject(fulfillment);
  const candidates = [time(record.usageAskedAt), time(record.balanceCheckedAt)]
    .map((t) => (t ? Date.parse(t) : null))
    .filter((t): t is number => t !== null && t <= now);
  return candidates.length > 0 ? Math.max(...candidates) : null;
}

/** True when five minutes have passed since the gate started (or it never did). */
export function mayAskSupplier(fulfillment: unknown, now: number): boolean {
  const start = gateStart(fulfillment, now);
  return start === null || now - start >= USAGE_GATE_MS;
}

/** A lines answer as fulfillment fields (the order core's names, plus the line's state). */
export function usageFromLine(line: EsimLine): Partial<OrderFulfillment> & UsageBookkeeping {
  const out: Partial<OrderFulfillment> & UsageBookkeeping = {};
  if (line.balance_amount) out.balanceAmount = line.balance_amount;
  if (line.balance_unit) out.balanceUnit = line.balance_unit;
  if (line.balance_checked_at) out.balanceCheckedAt = line.balance_checked_at;
  if (line.balance_expiration) out.balanceExpiration = line.balance_expiration;
  if (line.consumption) out.consumption = { ...line.consumption };
  if (line.status) out.lineStatus = line.status;
  return out;
}

/** "8901…4321": enough to tell lines apart in logs, not to look one up. */
export function maskIccid(iccid: string): string {
  return iccid.length <= 8 ? "…" : `${iccid.slice(0, 4)}…${iccid.slice(-4)}`;
}
