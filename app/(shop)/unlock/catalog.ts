import "server-only";
import { catalogAgeOf, type CatalogAge } from "@/lib/catalog/age";
import { catalogImageUrl } from "@/lib/catalog/images";
import { unlockBrands, unlockCountries, unlockDevices, unlockNetworks, unlockTools } from "@/lib/catalog/unlock";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { unlockToolPrice } from "@/lib/orders/unlock-quote";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { Suffixes } from "@/lib/validation/imei";
import { PLACEHOLDER_BRAND_ID, requiredSuffixes, type UnlockBrand, type UnlockCountry, type UnlockNetwork } from "@/lib/upstream/unlock/schemas";
import { htmlToText } from "@/components/shop/unlock/text";
import type { DeviceView, ToolView } from "@/components/shop/unlock/types";

// The unlocking catalog for the pages: cached reads (lib/catalog/unlock.ts, refreshed daily as
// the spec recommends) turned into the components' shapes. Every loader answers data with its
// age, or a message that is safe to show; "not found" is `ok: true` with null.

export type Loaded<T> = { ok: true; value: T; age: CatalogAge } | { ok: false; error: string };

function failure(error: unknown, what: string): { ok: false; error: string } {
  if (isUpstreamError(error)) return { ok: false, error: error.userMessage };
  logger.error({ err: error }, `unlock ${what} could not be loaded`);
  return { ok: false, error: `We could not load the ${what} just now. Please try again in a moment.` };
}

/** A numeric id from the URL, or null. */
export function idParam(value: string): number | null {
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

export async function loadBrands(): Promise<Loaded<UnlockBrand[]>> {
  try {
    const read = await unlockBrands();
    // Brand "0" is the live service's placeholder (upstream-notes): never a real brand.
    return { ok: true, value: read.value.filter((b) => b.id !== PLACEHOLDER_BRAND_ID && b.name.trim() !== ""), age: catalogAgeOf(read) };
  } catch (error) {
    return failure(error, "brands");
  }
}

export async function loadBrandDevices(brandId: number): Promise<Loaded<{ brand: UnlockBrand; devices: DeviceView[] } | null>> {
  const brands = await loadBrands();
  if (!brands.ok) return brands;
  const brand = brands.value.find((b) => b.id === brandId);
  if (!brand) return { ok: true, value: null, age: brands.age };
  try {
    const read = await unlockDevices(brandId);
    return { ok: true, value: { brand, devices: read.value.map((d) => deviceView(d, brand)) }, age: catalogAgeOf(read) ?? brands.age };
  } catch (error) {
    return failure(error, "devices");
  }
}

/** Devices of every brand whose name (or brand and name) contains the query. */
export async function searchDevices(query: string): Promise<Loaded<DeviceView[]>> {
  const brands = await loadBrands();
  if (!brands.ok) return brands;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  try {
    const reads = await Promise.all(brands.value.map(async (brand) => ({ brand, read: await unlockDevices(brand.id) })));
    const found = reads.flatMap(({ brand, read }) =>
      read.value.filter((d) => words.every((w) => `${brand.name} ${d.name}`.toLowerCase().includes(w))).map((d) => deviceView(d, brand)),
    );
    return { ok: true, value: found.slice(0, 60), age: catalogAgeOf(...reads.map((r) => r.read)) };
  } catch (error) {
    return failure(error, "devices");
  }
}

export async function loadDevice(brandId: number, deviceId: number): Promise<Loaded<DeviceView | null>> {
  const devices = await loadBrandDevices(brandId);
  if (!devices.ok) return devices;
  return { ok: true, value: devices.value?.devices.find((d) => d.id === deviceId) ?? null, age: devices.age };
}

export async function loadCountries(): Promise<Loaded<UnlockCountry[]>> {
  try {
    const read = await unlockCountries();
    return { ok: true, value: read.value, age: catalogAgeOf(read) };
  } catch (error) {
    return failure(error, "countries");
  }
}

export async function loadNetworks(countryId: number): Promise<Loaded<{ country: UnlockCountry; networks: UnlockNetwork[] } | null>> {
  const countries = await loadCountries();
  if (!countries.ok) return countries;
  const country = countries.value.find((c) => c.id === countryId);
  if (!country) return { ok: true, value: null, age: countries.age };
  try {
    const read = await unlockNetworks(countryId);
    return { ok: true, value: { country, networks: read.value.filter((n) => n.countryId === countryId) }, age: catalogAgeOf(read) ?? countries.age };
  } catch (error) {
    return failure(error, "networks");
  }
}

export async function loadTools(deviceId: number, networkId: number): Promise<Loaded<ToolView[]>> {
  try {
    const read = await unlockTools(deviceId, networkId);
    const tools = await Promise.all(
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
        price: await unlockToolPrice(db, tool),
      })),
    );
    return { ok: true, value: tools, age: catalogAgeOf(read) };
  } catch (error) {
    return failure(error, "unlock services");
  }
}

function deviceView(device: { id: number; brandId: number; name: string; img: string; desc: string }, brand: UnlockBrand): DeviceView {
  return { id: device.id, brandId: brand.id, brandName: brand.name, name: device.name, imageUrl: catalogImageUrl(device.img), description: htmlToText(device.desc) };
}

export type UnlockSelection = { device: DeviceView; country: UnlockCountry; network: UnlockNetwork; tools: ToolView[] };

/**
 * The `detail` an unlock order stores, from the storefront or the point of sale: what
 * create_order needs, the schedule's time type (lib/orders/placement-unlock.ts), and the names
 * the order page shows (components/shop/orders/unlock-view.ts).
 */
export function unlockOrderDetail({ device, country, network }: Omit<UnlockSelection, "tools">, tool: ToolView, imei: string, suffixes: Suffixes) {
  return {
    deviceId: device.id,
    networkId: network.id,
    imei,
    suffixes,
    toolId: tool.id,
    guaranteedTimeType: tool.guaranteedTime.type,
    unlock: { brandName: device.brandName, deviceName: device.name, countryName: country.name, networkName: network.name, toolName: tool.serviceName || tool.name, guaranteedTime: tool.guaranteedTime },
  };
}

/**
 * The device, its network (in its country) and the services for the pair, from URL ids.
 * `null` when any id names nothing the catalog has (the page answers 404).
 */
export async function loadSelection(raw: { brand: string; device: string; country: string; network: string }): Promise<Loaded<UnlockSelection | null>> {
  const brandId = idParam(raw.brand);
  const deviceId = idParam(raw.device);
  const countryId = idParam(raw.country);
  const networkId = idParam(raw.network);
  if (brandId === null || deviceId === null || countryId === null || networkId === null) return { ok: true, value: null, age: null };
  const [device, networks] = await Promise.all([loadDevice(brandId, deviceId), loadNetworks(countryId)]);
  if (!device.ok) return device;
  if (!networks.ok) return networks;
  const network = networks.value?.networks.find((n) => n.id === networkId);
  if (!device.value || !networks.value || !network) return { ok: true, value: null, age: null };
  const tools = await loadTools(deviceId, networkId);
  if (!tools.ok) return tools;
  return { ok: true, value: { device: device.value, country: networks.value.country, network, tools: tools.value }, age: tools.age ?? device.age ?? networks.age };
}
