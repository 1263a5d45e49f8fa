import "server-only";
import { unlockClient } from "@/lib/upstream/unlock";
import { cachedRead } from "./cached";

// Cached unlocking catalog reads: the spec recommends caching every catalog call and
// refreshing daily (unlocking-api.md section 4).

export const unlockCountries = () => cachedRead("unlock.countries", {}, () => unlockClient().countries());
export const unlockNetworks = (countryId: number) =>
  cachedRead("unlock.networks", { countryId }, () => unlockClient().networks(countryId));
export const unlockBrands = () => cachedRead("unlock.brands", {}, () => unlockClient().brands());
export const unlockDevices = (brandId: number) =>
  cachedRead("unlock.devices", { brandId }, () => unlockClient().devices(brandId));
export const unlockTools = (deviceId: number, networkId: number) =>
  cachedRead("unlock.tools", { deviceId, networkId }, () => unlockClient().tools(deviceId, networkId));
