import "server-only";
import { catalogAgeOf } from "@/lib/catalog/age";
import { catalogImageUrl } from "@/lib/catalog/images";
import { loadRead, type Loaded } from "@/lib/catalog/loaded";
import { unlockBrands, unlockCountries, unlockDevices, unlockNetworks, unlockTools } from "@/lib/catalog/unlock";
import { db } from "@/lib/db";
import { userFailureOf } from "@/lib/errors/user-message";
import {
  PLACEHOLDER_BRAND_ID,
  requiredSuffixes,
  type UnlockBrand,
  type UnlockCountry,
  type UnlockNetwork,
} from "@/lib/upstream/unlock/schemas";
import { UNLOCK_CATALOG_FAILURES } from "./catalog-failure";
import { unlockToolPrice } from "./price";
import { DEFAULT_CURRENCY, type ShopCurrency } from "@/lib/i18n/currency-routing.mjs";
import { htmlToText } from "./text";
import type { DeviceView, ToolView, UnlockSelection } from "./types";

// The unlocking catalog for the pages and the point of sale: cached reads (lib/catalog/unlock.ts,
// refreshed daily as the spec recommends) turned into the components' shapes. Every loader
// answers data with its age, or a message that is safe to show (./catalog-failure.ts); "not found"
// is `ok: true` with null.

const failed = UNLOCK_CATALOG_FAILURES;

/** A numeric id from the URL, or null. */
export function idParam(value: string): number | null {
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export async function loadBrands(): Promise<Loaded<UnlockBrand[]>> {
  const brands = await loadRead(unlockBrands, "unlock brands", failed.brands);
  if (!brands.ok) return brands;
  // Brand "0" is the live service's placeholder (upstream-notes): never a real brand.
  return { ...brands, value: brands.value.filter((b) => b.id !== PLACEHOLDER_BRAND_ID && b.name.trim() !== "") };
}

export async function loadBrandDevices(
  brandId: number,
): Promise<Loaded<{ brand: UnlockBrand; devices: DeviceView[] } | null>> {
  const brands = await loadBrands();
  if (!brands.ok) return brands;
  const brand = brands.value.find((b) => b.id === brandId);
  if (!brand) return { ok: true, value: null, age: brands.age };
  const devices = await loadRead(() => unlockDevices(brandId), "unlock devices", failed.devices);
  if (!devices.ok) return devices;
  return {
    ok: true,
    value: { brand, devices: devices.value.map((d) => deviceView(d, brand)) },
    age: devices.age ?? brands.age,
  };
}

/** Devices of every brand whose name (or brand and name) contains the query. */
export async function searchDevices(query: string): Promise<Loaded<DeviceView[]>> {
  const brands = await loadBrands();
  if (!brands.ok) return brands;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  try {
    const reads = await Promise.all(
      brands.value.map(async (brand) => ({ brand, read: await unlockDevices(brand.id) })),
    );
    const found = reads.flatMap(({ brand, read }) =>
      read.value
        .filter((d) => words.every((w) => `${brand.name} ${d.name}`.toLowerCase().includes(w)))
        .map((d) => deviceView(d, brand)),
    );
    return { ok: true, value: found.slice(0, 60), age: catalogAgeOf(...reads.map((r) => r.read)) };
  } catch (error) {
    return userFailureOf(error, "catalog read (unlock device search)", failed.devices);
  }
}

export async function loadDevice(brandId: number, deviceId: number): Promise<Loaded<DeviceView | null>> {
  const devices = await loadBrandDevices(brandId);
  if (!devices.ok) return devices;
  return { ok: true, value: devices.value?.devices.find((d) => d.id === deviceId) ?? null, age: devices.age };
}

export async function loadCountries(): Promise<Loaded<UnlockCountry[]>> {
  return loadRead(unlockCountries, "unlock countries", failed.countries);
}

export async function loadNetworks(
  countryId: number,
): Promise<Loaded<{ country: UnlockCountry; networks: UnlockNetwork[] } | null>> {
  const countries = await loadCountries();
  if (!countries.ok) return countries;
  const country = countries.value.find((c) => c.id === countryId);
  if (!country) return { ok: true, value: null, age: countries.age };
  const networks = await loadRead(() => unlockNetworks(countryId), "unlock networks", failed.networks);
  if (!networks.ok) return networks;
  return {
    ok: true,
    value: { country, networks: networks.value.filter((n) => n.countryId === countryId) },
    age: networks.age ?? countries.age,
  };
}

export async function loadTools(
  deviceId: number,
  networkId: number,
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<Loaded<ToolView[]>> {
  // Priced inside the read, so that a failing margin lookup answers like a failing read.
  return loadRead(
    async () => {
      const read = await unlockTools(deviceId, networkId);
      return {
        ...read,
        value: await Promise.all(
          read.value.map(async (tool): Promise<ToolView> => ({
            id: tool.id,
            name: tool.name,
            desc: htmlToText(tool.desc),
            serviceName: tool.serviceName,
            serviceDesc: htmlToText(tool.serviceDesc),
            guaranteedTime: tool.guaranteedTime,
            averageTime: tool.averageTime,
            successRatio: tool.successRatio,
            needs: requiredSuffixes(tool),
            price: await unlockToolPrice(db, tool, currency),
          })),
        ),
      };
    },
    "unlock services",
    failed.services,
  );
}

function deviceView(
  device: { id: number; brandId: number; name: string; img: string; desc: string },
  brand: UnlockBrand,
): DeviceView {
  return {
    id: device.id,
    brandId: brand.id,
    brandName: brand.name,
    name: device.name,
    imageUrl: catalogImageUrl(device.img),
    description: htmlToText(device.desc),
  };
}

/**
 * The device, its network (in its country) and the services for the pair, from URL ids.
 * `null` when any id names nothing the catalog has (the page answers 404).
 */
export async function loadSelection(
  raw: { brand: string; device: string; country: string; network: string },
  currency: ShopCurrency = DEFAULT_CURRENCY,
): Promise<Loaded<UnlockSelection | null>> {
  const brandId = idParam(raw.brand);
  const deviceId = idParam(raw.device);
  const countryId = idParam(raw.country);
  const networkId = idParam(raw.network);
  if (brandId === null || deviceId === null || countryId === null || networkId === null)
    return { ok: true, value: null, age: null };
  const [device, networks] = await Promise.all([loadDevice(brandId, deviceId), loadNetworks(countryId)]);
  if (!device.ok) return device;
  if (!networks.ok) return networks;
  const network = networks.value?.networks.find((n) => n.id === networkId);
  if (!device.value || !networks.value || !network) return { ok: true, value: null, age: null };
  const tools = await loadTools(deviceId, networkId, currency);
  if (!tools.ok) return tools;
  return {
    ok: true,
    value: { device: device.value, country: networks.value.country, network, tools: tools.value },
    age: tools.age ?? device.age ?? networks.age,
  };
}
