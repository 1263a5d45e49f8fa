import { all, type Operator } from "mcc-mnc-list";

// Operational entries of mcc-mnc-list by country (ISO-2 lower case), read once.
let byCountry: Map<string, Operator[]> | undefined;

export function operationalEntries(iso2: string): Operator[] {
  if (!byCountry) {
    byCountry = new Map();
    for (const record of all()) {
      if (record.status !== "Operational" || record.type !== "National" || !record.countryCode) continue;
      const key = record.countryCode.toLowerCase();
      byCountry.set(key, [...(byCountry.get(key) ?? []), record]);
    }
  }
  return byCountry.get(iso2) ?? [];
}

/** Brands for an eSIM destination's network list when we do not sell top-ups there: the first few named ones. */
export function firstBrands(iso2: string, count: number): string[] {
  const names = operationalEntries(iso2)
    .map((r) => (r.brand ?? "").trim())
    .filter((b) => b.length > 1 && !/[,/;]|\b(test|rail|private|network)\b/i.test(b));
  return [...new Set(names)].slice(0, count);
}
