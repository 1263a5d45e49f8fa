import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, WELL_KNOWN, type Harness } from "./harness";

// Catalog reads (unlocking spec sections 2 and 4): countries, networks, brands, devices, tools.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const FLAGS = ["sn", "prd", "pin", "mep", "sro"] as const;
const TIME_TYPES = ["instant", "minutes", "hours", "days", "weeks"];
const isIntegerKey = (key: string) => /^\d+$/.test(key);

describe("§4 countries and networks", () => {
  it("§4 GET /countries: a map of integer country id to real country name", async () => {
    const { body } = await h.call("GET", "/countries");
    const keys = Object.keys(body.res);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.every(isIntegerKey)).toBe(true);
    expect(body.res[WELL_KNOWN.countryId]).toBe("United Kingdom");
    expect(body.res["250"]).toBe("France");
    expect(body.res["276"]).toBe("Germany");
  });

  it("§4 GET /networks: all networks by country, real operator names keyed by integer id", async () => {
    const { body } = await h.call("GET", "/networks");
    const countries = await h.call("GET", "/countries");
    expect(Object.keys(body.res).sort()).toEqual(Object.keys(countries.body.res).sort());
    const uk = body.res[WELL_KNOWN.countryId];
    expect(uk[WELL_KNOWN.networkId]).toBe("EE");
    expect(Object.values(uk)).toEqual(expect.arrayContaining(["Vodafone UK", "O2 (UK)", "3"]));
    expect(Object.values(body.res["840"])).toEqual(expect.arrayContaining(["Verizon", "AT&T", "T-Mobile"]));
    for (const networks of Object.values(body.res) as Array<Record<string, string>>) {
      expect(Object.keys(networks).length).toBeGreaterThan(0);
      expect(Object.keys(networks).every(isIntegerKey)).toBe(true);
    }
    const total = (Object.values(body.res) as object[]).reduce((n: number, m) => n + Object.keys(m).length, 0);
    expect(total).toBeGreaterThan(350);
  });

  it("§4 GET /networks/{country_id}: only that country's networks", async () => {
    const { body } = await h.call("GET", `/networks/${WELL_KNOWN.countryId}`);
    expect(Object.keys(body.res)).toEqual([String(WELL_KNOWN.countryId)]);
    expect(body.res[WELL_KNOWN.countryId][WELL_KNOWN.networkId]).toBe("EE");
  });
});

describe("§4 brands and devices", () => {
  it("§4 GET /brands: real phone brands keyed by id, each with brand and desc strings", async () => {
    const { body } = await h.call("GET", "/brands");
    const names = Object.values(body.res as Record<string, { brand: string; desc: string }>).map((b) => b.brand);
    expect(names).toEqual(
      expect.arrayContaining([
        "Apple",
        "Samsung",
        "Google",
        "Huawei",
        "Xiaomi",
        "Motorola",
        "Nokia",
        "LG",
        "Sony",
        "OnePlus",
      ]),
    );
    expect(body.res[WELL_KNOWN.brandId]).toEqual({ brand: "Apple", desc: expect.any(String) });
    for (const [id, brand] of Object.entries(body.res as Record<string, { brand: unknown; desc: unknown }>)) {
      expect(isIntegerKey(id)).toBe(true);
      expect(typeof brand.brand).toBe("string");
      expect(typeof brand.desc).toBe("string");
    }
  });

  it("§4 GET /brands: lists the live service's placeholder brand id 0 (no name), which has no devices", async () => {
    const { body } = await h.call("GET", "/brands");
    expect(body.res["0"]).toEqual({ brand: "", desc: "" });
    const devices = await h.call("GET", "/devices/0");
    expect(devices.body.res).toEqual({ "0": {} });
  });

  it("§4 GET /devices/{brand_id}: the brand's devices keyed by id, with name, img URL and desc (HTML)", async () => {
    const { body } = await h.call("GET", `/devices/${WELL_KNOWN.brandId}`);
    const devices = body.res[WELL_KNOWN.brandId] as Record<string, { name: string; img: string; desc: string }>;
    expect(Object.keys(body.res)).toEqual([String(WELL_KNOWN.brandId)]);
    expect(devices[WELL_KNOWN.deviceId]!.name).toBe("iPhone 13");
    expect(Object.values(devices).map((d) => d.name)).toEqual(
      expect.arrayContaining(["iPhone 8", "iPhone 15 Pro Max"]),
    );
    for (const [id, device] of Object.entries(devices)) {
      expect(isIntegerKey(id)).toBe(true);
      expect(device.img).toBe(`${h.url}/img/devices/${id}.svg`);
      expect(device.desc).toMatch(/<p>.*<\/p>/);
    }
  });

  it("§2 device img: the URL is served by the emulator as an SVG picture", async () => {
    const { body } = await h.call("GET", `/devices/${WELL_KNOWN.brandId}/${WELL_KNOWN.deviceId}`);
    const img = await fetch(body.res[WELL_KNOWN.brandId][WELL_KNOWN.deviceId].img);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toContain("image/svg+xml");
    const svg = await img.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("iPhone 13");
    expect((await fetch(`${h.url}/img/devices/424242.svg`)).status).toBe(404);
  });

  it("§4 GET /devices/{brand_id}/{device_id}: exactly one device, keyed by brand then device", async () => {
    const { body } = await h.call("GET", `/devices/${WELL_KNOWN.brandId}/${WELL_KNOWN.deviceId}`);
    expect(body.res).toEqual({
      [WELL_KNOWN.brandId]: {
        [WELL_KNOWN.deviceId]: { name: "iPhone 13", img: expect.stringMatching(/\.svg$/), desc: expect.any(String) },
      },
    });
  });
});

describe("§2/§4 tools", () => {
  it("§4 GET /tools/{device_id}/{network_id}: res.tools is an array of tools with every field of the Tool table", async () => {
    const { body } = await h.call("GET", `/tools/${WELL_KNOWN.deviceId}/${WELL_KNOWN.networkId}`);
    expect(Object.keys(body.res)).toEqual(["tools"]);
    expect(body.res.tools.length).toBeGreaterThan(0);
    for (const tool of body.res.tools) {
      expect(Object.keys(tool).sort()).toEqual(
        [
          "average_time",
          "custom",
          "desc",
          "guaranteed_time",
          "id_tool",
          "mep",
          "name",
          "pin",
          "price",
          "prd",
          "service_desc",
          "service_name",
          "sn",
          "sro",
          "success_ratio",
          "tool_type",
        ].sort(),
      );
      for (const field of ["name", "desc", "service_name", "service_desc", "average_time"])
        expect(typeof tool[field]).toBe("string");
      expect(Number.isInteger(tool.guaranteed_time.min)).toBe(true);
      expect(Number.isInteger(tool.guaranteed_time.max)).toBe(true);
      expect(tool.guaranteed_time.max).toBeGreaterThanOrEqual(tool.guaranteed_time.min);
      expect(TIME_TYPES).toContain(tool.guaranteed_time.type);
      for (const flag of FLAGS) expect(["true", "false"]).toContain(tool[flag]);
      expect(Number.isInteger(tool.id_tool)).toBe(true);
      expect(tool.success_ratio).toBeGreaterThanOrEqual(0);
      expect(tool.success_ratio).toBeLessThanOrEqual(1);
      expect(["imei", "file", "usb"]).toContain(tool.tool_type);
      expect(typeof tool.custom).toBe("object");
      expect(Array.isArray(tool.custom)).toBe(false);
      expect(typeof tool.price).toBe("number");
      expect(tool.price).toBeGreaterThan(0);
    }
  });

  it("§2 the well-known pair (Apple iPhone 13 on EE, UK) offers tools needing each flag and each guaranteed_time type", async () => {
    const { body } = await h.call("GET", `/tools/${WELL_KNOWN.deviceId}/${WELL_KNOWN.networkId}`);
    const tools = body.res.tools as Array<
      Record<string, string> & { id_tool: number; price: number; guaranteed_time: { type: string } }
    >;
    for (const flag of FLAGS) expect(tools.some((t) => t[flag] === "true")).toBe(true);
    expect(new Set(tools.map((t) => t.guaranteed_time.type))).toEqual(new Set(TIME_TYPES));
    expect(tools.some((t) => FLAGS.every((f) => t[f] === "true"))).toBe(true);
    expect(tools.some((t) => FLAGS.every((f) => t[f] === "false"))).toBe(true);
    // Seed-independent, as documented: ids and prices.
    expect(tools.map((t) => [t.id_tool, t.price])).toEqual([
      [1, 24.9],
      [3, 4.5],
      [4, 29.9],
      [5, 14.9],
      [6, 9.9],
      [7, 19.9],
      [8, 59],
      [12, 49.9],
    ]);
  });

  it("§2 across the generated catalog, every flag is needed by some tool and every time type appears", async () => {
    const networks = Object.keys(
      (await h.call("GET", `/networks/${WELL_KNOWN.countryId}`)).body.res[WELL_KNOWN.countryId],
    ).slice(0, 8);
    const samsung = Object.keys((await h.call("GET", "/devices/2")).body.res["2"]).slice(0, 6);
    const tools: Array<Record<string, string> & { guaranteed_time: { type: string } }> = [];
    for (const device of samsung)
      for (const network of networks)
        tools.push(...(await h.call("GET", `/tools/${device}/${network}`)).body.res.tools);
    for (const flag of FLAGS) expect(tools.some((t) => t[flag] === "true")).toBe(true);
    expect(new Set(tools.map((t) => t.guaranteed_time.type))).toEqual(new Set(TIME_TYPES));
  });

  it("§4 recommended flow: country, network, brand, device, then tools for the pair", async () => {
    const countries = (await h.call("GET", "/countries")).body.res;
    const countryId = Object.keys(countries).find((id) => countries[id] === "Germany")!;
    const networkId = Object.keys((await h.call("GET", `/networks/${countryId}`)).body.res[countryId])[0]!;
    const brands = (await h.call("GET", "/brands")).body.res;
    const brandId = Object.keys(brands).find((id) => brands[id].brand === "Samsung")!;
    const deviceId = Object.keys((await h.call("GET", `/devices/${brandId}`)).body.res[brandId])[0]!;
    const tools = await h.call("GET", `/tools/${deviceId}/${networkId}`);
    expect(tools.status).toBe(200);
    expect(Array.isArray(tools.body.res.tools)).toBe(true);
  });

  it("catalog: the same seed gives the same tools; another seed changes them but not the ids of countries, networks, devices", async () => {
    const path = "/tools/2003/262001";
    const other = await startHarness({ seed: 7 });
    const same = await startHarness({ seed: 42 });
    try {
      const a = (await h.call("GET", path)).body.res.tools;
      expect((await same.call("GET", path)).body.res.tools).toEqual(a);
      const pairs = ["/tools/2003/262001", "/tools/2004/262002", "/tools/3001/208010", "/tools/5002/310410"];
      const mine = await Promise.all(pairs.map(async (p) => (await h.call("GET", p)).body.res.tools));
      const theirs = await Promise.all(pairs.map(async (p) => (await other.call("GET", p)).body.res.tools));
      expect(theirs).not.toEqual(mine);
      expect((await other.call("GET", "/networks/826")).body.res).toEqual(
        (await h.call("GET", "/networks/826")).body.res,
      );
      expect((await other.call("GET", "/devices/1")).body.res[1][1015].name).toBe("iPhone 13");
      // The well-known pair does not depend on the seed.
      const wellKnown = `/tools/${WELL_KNOWN.deviceId}/${WELL_KNOWN.networkId}`;
      expect((await other.call("GET", wellKnown)).body.res).toEqual((await h.call("GET", wellKnown)).body.res);
    } finally {
      await other.close();
      await same.close();
    }
  });
});
