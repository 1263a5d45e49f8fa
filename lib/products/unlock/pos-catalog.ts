import "server-only";
import type { SuffixFlag } from "@/lib/validation/imei";
import { loadBrandDevices, loadBrands, loadCountries, loadNetworks, loadTools } from "./catalog";
import { guaranteedTimeText } from "./text";

// The unlocking catalog as the point of sale's selects need it: the storefront's loaders (./catalog.ts,
// cached reads of lib/catalog/unlock.ts, the placeholder brand left out, prices by
// unlockToolPrice) cut down to ids and names, and each service with what staff tell the buyer
// before choosing: its guaranteed time, the codes it needs besides the IMEI, and its price.

type Fail = { ok: false; error: string; field?: string };
export type UnlockChoice = { id: number; name: string };
export type UnlockChoices = { ok: true; choices: UnlockChoice[] } | Fail;
export type UnlockToolChoice = {
  id: number;
  name: string;
  guaranteedTime: string;
  needs: SuffixFlag[];
  totalMinor: number;
  currency: string;
};
export type UnlockTools = { ok: true; tools: UnlockToolChoice[] } | Fail;

const byName = (a: UnlockChoice, b: UnlockChoice) => a.name.localeCompare(b.name, "en");

export const posUnlockCatalog = {
  async brands(): Promise<UnlockChoices> {
    const brands = await loadBrands();
    if (!brands.ok) return brands;
    return { ok: true, choices: brands.value.map((b) => ({ id: b.id, name: b.name })).sort(byName) };
  },

  async countries(): Promise<UnlockChoices> {
    const countries = await loadCountries();
    if (!countries.ok) return countries;
    return { ok: true, choices: countries.value.map((c) => ({ id: c.id, name: c.name })).sort(byName) };
  },

  async devices(brandId: number): Promise<UnlockChoices> {
    const devices = await loadBrandDevices(brandId);
    if (!devices.ok) return devices;
    if (!devices.value) return { ok: false, error: "That brand is not in the unlock catalog.", field: "brand" };
    return { ok: true, choices: devices.value.devices.map((d) => ({ id: d.id, name: d.name })).sort(byName) };
  },

  async networks(countryId: number): Promise<UnlockChoices> {
    const networks = await loadNetworks(countryId);
    if (!networks.ok) return networks;
    if (!networks.value) return { ok: false, error: "That country is not in the unlock catalog.", field: "country" };
    return { ok: true, choices: networks.value.networks.map((n) => ({ id: n.id, name: n.name })).sort(byName) };
  },

  async tools(deviceId: number, networkId: number): Promise<UnlockTools> {
    const tools = await loadTools(deviceId, networkId);
    if (!tools.ok) return tools;
    return {
      ok: true,
      tools: tools.value.map((t) => ({
        id: t.id,
        name: t.serviceName || t.name,
        guaranteedTime: guaranteedTimeText(t.guaranteedTime),
        needs: t.needs,
        totalMinor: t.price.totalMinor,
        currency: t.price.currency,
      })),
    };
  },
};
