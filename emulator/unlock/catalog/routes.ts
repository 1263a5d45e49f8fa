import type { EmulatorContext } from "../../core/context";
import { idParam, idParams, type Endpoint } from "../http/endpoint";
import { replyError, replyOk } from "../http/reply";
import { PLACEHOLDER_BRAND, PLACEHOLDER_BRAND_ID } from "./devices-data";
import type { Device, UnlockCatalog } from "./index";

// Catalog reads (spec section 4): countries, networks, brands, devices, tools. Maps are keyed
// by numeric id as section 2 shows.

export function deviceImageUrl(ctx: EmulatorContext, deviceId: number): string {
  return `${ctx.config.publicUrl}/img/devices/${deviceId}.svg`;
}

export function catalogEndpoints(ctx: EmulatorContext, catalog: UnlockCatalog): Endpoint[] {
  const networkMap = (countryId: number) =>
    Object.fromEntries(catalog.networksOf(countryId).map((n) => [n.id, n.name]));
  const deviceView = (d: Device) => ({ name: d.name, img: deviceImageUrl(ctx, d.id), desc: d.desc });

  return [
    {
      method: "GET",
      path: "/countries",
      handler: (c) =>
        replyOk(c, Object.fromEntries([...catalog.countries.values()].map((country) => [country.id, country.name]))),
    },
    {
      method: "GET",
      path: "/networks",
      handler: (c) => replyOk(c, Object.fromEntries([...catalog.countries.keys()].map((id) => [id, networkMap(id)]))),
    },
    {
      method: "GET",
      path: "/networks/:country_id",
      handler: (c) => {
        const id = idParam(c, "country_id");
        if (id instanceof Response) return id;
        if (!catalog.countries.has(id)) return replyError(c, 404, `Country ${id} does not exist; see GET /countries`);
        return replyOk(c, { [id]: networkMap(id) });
      },
    },
    {
      method: "GET",
      path: "/brands",
      handler: (c) =>
        replyOk(c, {
          [PLACEHOLDER_BRAND_ID]: PLACEHOLDER_BRAND,
          ...Object.fromEntries([...catalog.brands.values()].map((b) => [b.id, { brand: b.name, desc: b.desc }])),
        }),
    },
    {
      method: "GET",
      path: "/devices/:brand_id",
      handler: (c) => {
        const id = idParam(c, "brand_id");
        if (id instanceof Response) return id;
        if (id === PLACEHOLDER_BRAND_ID) return replyOk(c, { [id]: {} });
        const devices = catalog.devicesByBrand.get(id);
        if (!devices) return replyError(c, 404, `Brand ${id} does not exist; see GET /brands`);
        return replyOk(c, { [id]: Object.fromEntries(devices.map((d) => [d.id, deviceView(d)])) });
      },
    },
    {
      method: "GET",
      path: "/devices/:brand_id/:device_id",
      handler: (c) => {
        const ids = idParams(c, ["brand_id", "device_id"] as const);
        if (ids instanceof Response) return ids;
        const device = catalog.devices.get(ids.device_id);
        if (!device || device.brandId !== ids.brand_id) {
          return replyError(
            c,
            404,
            `Device ${ids.device_id} does not exist for brand ${ids.brand_id}; see GET /devices/${ids.brand_id}`,
          );
        }
        return replyOk(c, { [device.brandId]: { [device.id]: deviceView(device) } });
      },
    },
    {
      method: "GET",
      path: "/tools/:device_id/:network_id",
      handler: (c) => {
        const ids = idParams(c, ["device_id", "network_id"] as const);
        if (ids instanceof Response) return ids;
        if (!catalog.devices.has(ids.device_id)) return replyError(c, 404, `Device ${ids.device_id} does not exist`);
        if (!catalog.network(ids.network_id))
          return replyError(c, 404, `Network ${ids.network_id} does not exist; see GET /networks`);
        return replyOk(c, { tools: catalog.tools(ids.device_id, ids.network_id) });
      },
    },
  ];
}
