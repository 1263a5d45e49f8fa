import type { SimulatedOutcome } from "../priced-product";

// The sandbox's deliberate failures, so the shop can test order.failed and MANUAL_REVISION.
// Everything not listed here is fulfilled. The same items exist for every seed (they are
// picked by name and rank, not by id). README.md documents them for testers.

/** NANP fictional-use numbers (555-01XX), valid for libphonenumber, detected as US. */
export const SANDBOX_FAIL_PHONE = "+12025550100";
export const SANDBOX_MANUAL_REVISION_PHONE = "+12025550101";

/** Top-up: EE (gb) airtime; the lowest rate fails, the second lowest goes to manual revision. */
export const SANDBOX_TOPUP = { countryIso: "gb", operatorName: "EE", serviceType: "airtime" } as const;
/** Gift card: Steam (gb); the lowest denomination fails, the second lowest goes to manual revision. */
export const SANDBOX_GIFTCARD = { countryIso: "gb", brandKey: "steam" } as const;
/** eSIM plans (always generated for gb). */
export const SANDBOX_ESIM_FAIL_PLAN = "gb-1gb-7d";
export const SANDBOX_ESIM_MANUAL_REVISION_PLAN = "gb-3gb-15d";

/** Outcome of the rate at position `rank` (0 = cheapest) of a sandbox item. */
export function outcomeByRank(rank: number): SimulatedOutcome {
  if (rank === 0) return "fail";
  if (rank === 1) return "manual_revision";
  return "fulfill";
}

export function outcomeForEsimPlan(catalogId: string): SimulatedOutcome {
  if (catalogId === SANDBOX_ESIM_FAIL_PLAN) return "fail";
  if (catalogId === SANDBOX_ESIM_MANUAL_REVISION_PLAN) return "manual_revision";
  return "fulfill";
}

/** Compares digits only, so "+1 202-555-0100" and "12025550100" match too. */
export function outcomeForPhone(e164: string): SimulatedOutcome {
  const digits = e164.replace(/\D/g, "");
  if (digits === SANDBOX_FAIL_PHONE.slice(1)) return "fail";
  if (digits === SANDBOX_MANUAL_REVISION_PHONE.slice(1)) return "manual_revision";
  return "fulfill";
}
