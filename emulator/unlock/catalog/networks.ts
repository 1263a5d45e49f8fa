import countries from "i18n-iso-countries";
import { all as allOperators } from "mcc-mnc-list";

// Countries and mobile networks from real registries: ISO 3166 (i18n-iso-countries) and the
// public MCC/MNC list (mcc-mnc-list). Ids are stable across seeds so tests and docs can name
// them: a country's id is its ISO 3166-1 numeric code (United Kingdom = 826); a network's id
// is its MCC followed by its MNC padded to three digits (EE in the UK: MCC 234, MNC 30 = 234030).

export type Country = { id: number; iso2: string; name: string };
export type Network = { id: number; countryId: number; name: string; mcc: string; mnc: string };

export type NetworkDirectory = {
  countries: Map<number, Country>;
  networks: Map<number, Network>;
  networksByCountry: Map<number, Network[]>;
};

export function networkIdOf(mcc: string, mnc: string): number {
  return Number(`${mcc}${mnc.padStart(3, "0")}`);
}

/** Operational national networks with a brand, one per brand name and country, in list order. */
export function buildNetworkDirectory(): NetworkDirectory {
  const countryMap = new Map<number, Country>();
  const networks = new Map<number, Network>();
  const networksByCountry = new Map<number, Network[]>();

  for (const op of allOperators()) {
    if (op.status !== "Operational" || op.type !== "National" || !op.brand || !op.countryCode) continue;
    if (!/^\d{3}$/.test(op.mcc) || !/^\d{2,3}$/.test(op.mnc)) continue; // a few rows have "?" for an MNC
    const numeric = countries.alpha2ToNumeric(op.countryCode);
    const countryName = countries.getName(op.countryCode, "en");
    if (!numeric || !countryName) continue; // territories listed as "GE-AB" or "AU/CC/CX" have no single ISO code
    const countryId = Number(numeric);
    const id = networkIdOf(op.mcc, op.mnc);
    // One MCC/MNC can be listed under several territories; the first listing owns the id.
    if (networks.has(id)) continue;
    const list = networksByCountry.get(countryId) ?? [];
    // Several MNCs of one brand (EE has three in the UK) are one network to a buyer.
    if (list.some((n) => n.name === op.brand)) continue;

    const network = { id, countryId, name: op.brand, mcc: op.mcc, mnc: op.mnc };
    networks.set(id, network);
    list.push(network);
    networksByCountry.set(countryId, list);
    if (!countryMap.has(countryId))
      countryMap.set(countryId, { id: countryId, iso2: op.countryCode, name: countryName });
  }

  const sortedCountries = new Map([...countryMap.entries()].sort(([a], [b]) => a - b));
  return { countries: sortedCountries, networks, networksByCountry };
}
