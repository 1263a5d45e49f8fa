import type { EsimLine, UsageSnapshot } from "./records";
import { DAY, ESIM_REFRESH_GATE_MS, ESIM_USAGE_GB_PER_HOUR, HOUR_MS } from "./timings";

// The simulated provider behind eSIM balances. A line activates a little after fulfillment,
// then uses data at a steady rate and expires `validityDays` after activation. Reads go
// through a five-minute gate (spec section 8): within it the last snapshot is returned as is.

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** What the provider would say at `now`. */
export function providerReading(line: EsimLine, now: number): UsageSnapshot {
  const { product } = line;
  const activated = now >= line.activatesAt;
  const validityDays = product.validityDays ?? 30;
  const expiresAt = activated ? line.activatesAt + validityDays * DAY : null;
  const expired = expiresAt !== null && now >= expiresAt;
  const unlimited = product.unlimited === true || product.dataGb === null || product.dataGb === undefined;
  const usedGb = activated ? ((now - line.activatesAt) / HOUR_MS) * ESIM_USAGE_GB_PER_HOUR : 0;
  const remainingGb = unlimited ? null : round2(Math.max(0, (product.dataGb ?? 0) - usedGb));
  const daysLeft = expiresAt === null ? validityDays : Math.max(0, Math.ceil((expiresAt - now) / DAY));
  const status = !activated ? "ready" : expired ? "expired" : remainingGb === 0 ? "depleted" : "active";
  return {
    checkedAt: now,
    status,
    activated,
    remainingGb: expired ? (unlimited ? null : 0) : remainingGb,
    daysLeft,
    expiresAt,
  };
}

/** The gated read: refreshes only when the last reading is five minutes old or more. */
export function readUsage(line: EsimLine, now: number): UsageSnapshot {
  if (!line.snapshot || now - line.snapshot.checkedAt >= ESIM_REFRESH_GATE_MS)
    line.snapshot = providerReading(line, now);
  return line.snapshot;
}

/** upstream-notes' balance fields and `consumption` block, from one snapshot. */
export function balanceFields(line: EsimLine, snapshot: UsageSnapshot) {
  const unlimited = snapshot.remainingGb === null;
  return {
    balance_amount: unlimited ? "unlimited" : snapshot.remainingGb!.toFixed(2),
    balance_unit: "GB",
    balance_checked_at: new Date(snapshot.checkedAt).toISOString(),
    balance_expiration: snapshot.expiresAt === null ? null : new Date(snapshot.expiresAt).toISOString(),
    consumption: {
      activated: snapshot.activated,
      unlimited,
      data_remaining_gb: snapshot.remainingGb,
      days_left: snapshot.daysLeft,
    },
  };
}

/** Destinations: region slugs eu/as are REGIONAL, ww is GLOBAL, anything else a country. */
export function coverageTypeOf(countryIso: string): "COUNTRY" | "REGIONAL" | "GLOBAL" {
  if (countryIso === "ww") return "GLOBAL";
  if (countryIso === "eu" || countryIso === "as") return "REGIONAL";
  return "COUNTRY";
}

export function lineView(line: EsimLine, snapshot: UsageSnapshot) {
  const { product } = line;
  return {
    iccid: line.iccid,
    status: snapshot.status,
    data_gb: product.dataGb ?? null,
    order_id: line.orderId,
    plan_name: product.productName,
    catalog_id: product.catalogId ?? null,
    country_iso: product.countryIso,
    coverage_type: coverageTypeOf(product.countryIso),
    ...balanceFields(line, snapshot),
    topups_count: line.topupsCount,
    topup_available: snapshot.status === "ready" || snapshot.status === "active",
  };
}
