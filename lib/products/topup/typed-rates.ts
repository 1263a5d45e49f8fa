import "server-only";
import { operatorServiceTypes } from "@/lib/catalog/topup";
import { loadRead, type Loaded } from "@/lib/catalog/loaded";
import type { OperatorServiceType, Rate, RatesResult } from "@/lib/upstream/commerce";

// The service type of each of an operator's rates, when the rates do not say (C§2 "Rate" names
// only the token, fees and totals). C§4 lists an operator's service types (GET
// /topup/operators/{id}/service-types: "airtime, bundle, data types for an operator"), and
// upstream-notes add that each service type is itself a child operator id, whose own rates (C§4
// GET /topup/operators/{id}/rates) are that type's price points. So each child's rates say which
// of the operator's tokens are airtime, data or bundle; the operator's own rates keep every
// price and token (./offer.ts). Rates that already carry a service type (upstream-notes) cost no
// further read. When the service types cannot be read, or a child's rates cannot, the rates
// stay as they are: the page sells them in one tab (./offer.ts UNTYPED_RATES).

/**
 * `rates` (the operator's) with the service type of each rate that names none, taken from the
 * operator's service types and their rates (each read cached: the service types as reference
 * data, each child's rates like the operator's, per language: `readRates`, ./offer.ts
 * `loadRatesIn`); such a rate without a description gets its service type's. A rate no child lists
 * keeps no type. Unchanged when every rate names its type, or when a read fails.
 */
export async function withServiceTypes(
  operatorId: string,
  rates: readonly Rate[],
  readRates: (operatorId: string) => Promise<Loaded<RatesResult>>,
): Promise<Rate[]> {
  if (rates.every((rate) => rate.service_type)) return [...rates];
  const types = await loadRead(() => operatorServiceTypes(operatorId), "top-up service types");
  if (!types.ok || types.value.length === 0) return [...rates];
  const children = await Promise.all(
    types.value.map(async (type) => ({ type, rates: await readRates(String(type.id_operator)) })),
  );
  if (children.some((child) => !child.rates.ok)) return [...rates];

  const byToken = new Map<string, { type: OperatorServiceType; rate: Rate }>();
  for (const child of children) {
    if (!child.rates.ok) continue;
    for (const rate of child.rates.value.rates)
      if (!byToken.has(rate.token)) byToken.set(rate.token, { type: child.type, rate });
  }
  return rates.map((rate) => {
    const found = rate.service_type ? undefined : byToken.get(rate.token);
    if (!found) return rate;
    return {
      ...rate,
      service_type: found.type.service_type,
      product_name: rate.product_name ?? found.rate.product_name,
      description: rate.description ?? found.rate.description ?? found.type.description ?? null,
    };
  });
}
