import { BRANDS, type DeviceType } from "./devices-data";
import { buildNetworkDirectory, type Country, type Network, type NetworkDirectory } from "./networks";
import { generatedTools, WELL_KNOWN_PAIR, wellKnownTools, type Tool } from "./tools";

export type Brand = { id: number; name: string; desc: string };
export type Device = { id: number; brandId: number; brand: string; name: string; type: DeviceType; desc: string };

// The unlocking catalog for one seed. Countries, networks, brands and devices are real and keep
// their ids whatever the seed; the seed decides which tools a pair offers and their numbers.

let directory: NetworkDirectory | undefined;

// Models that are only a number ("105", "8 Pro") read better with the brand in front.
const displayName = (brand: string, model: string) => (/^\d/.test(model) ? `${brand} ${model}` : model);

function deviceDesc(brand: string, name: string, type: DeviceType): string {
  return (
    `<p><strong>${brand} ${name}</strong> (${type.toLowerCase()}).</p>` +
    `<p>Find the IMEI by dialling <code>*#06#</code>; unlocking keeps your data.</p>`
  );
}

export class UnlockCatalog {
  readonly directory: NetworkDirectory;
  readonly brands = new Map<number, Brand>();
  readonly devices = new Map<number, Device>();
  readonly devicesByBrand = new Map<number, Device[]>();
  private readonly toolCache = new Map<string, Tool[]>();

  constructor(readonly seed: number) {
    this.directory = directory ??= buildNetworkDirectory();
    BRANDS.forEach((data, b) => {
      const brandId = b + 1;
      this.brands.set(brandId, { id: brandId, name: data.name, desc: data.desc });
      const list: Device[] = data.models.map((entry, m) => {
        const [model, type] = typeof entry === "string" ? [entry, "Smartphone" as const] : entry;
        const name = displayName(data.name, model);
        return {
          id: brandId * 1000 + m + 1,
          brandId,
          brand: data.name,
          name,
          type,
          desc: deviceDesc(data.name, name, type),
        };
      });
      this.devicesByBrand.set(brandId, list);
      for (const device of list) this.devices.set(device.id, device);
    });
  }

  get countries(): Map<number, Country> {
    return this.directory.countries;
  }

  network(id: number): Network | undefined {
    return this.directory.networks.get(id);
  }

  networksOf(countryId: number): Network[] {
    return this.directory.networksByCountry.get(countryId) ?? [];
  }

  /** Tools for a device on a network; undefined when either does not exist. */
  tools(deviceId: number, networkId: number): Tool[] | undefined {
    const device = this.devices.get(deviceId);
    const network = this.network(networkId);
    if (!device || !network) return undefined;
    const key = `${deviceId}:${networkId}`;
    const cached = this.toolCache.get(key);
    if (cached) return cached;
    const country = this.countries.get(network.countryId)!;
    const where = { brand: device.brand, device: device.name, network: network.name, country: country.name };
    const isWellKnown = deviceId === WELL_KNOWN_PAIR.deviceId && networkId === WELL_KNOWN_PAIR.networkId;
    const tools = isWellKnown ? wellKnownTools(where) : generatedTools(this.seed, deviceId, networkId, where);
    this.toolCache.set(key, tools);
    return tools;
  }
}
