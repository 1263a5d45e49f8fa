import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { indexById, requiredSuffixes } from "./schemas";
import { SANDBOX, startUnlockEmulator, TOOL, WELL_KNOWN, type UnlockTestEmulator } from "@/testing/unlock-emulator";

// Catalog endpoints of spec section 4 against the emulator, checked with the facts its README
// publishes (ISO country ids, MCC+MNC network ids, the well-known pair's fixed tools).

let emu: UnlockTestEmulator;
beforeAll(async () => {
  emu = await startUnlockEmulator();
});
afterAll(async () => emu.close());
beforeEach(async () => emu.reset());

describe("unlock catalog", () => {
  it("countries(): every country as {id, name}, sorted by name", async () => {
    const countries = await emu.client().countries();
    expect(countries.length).toBeGreaterThan(200);
    const byId = indexById(countries);
    expect(byId.get(826)?.name).toMatch(/United Kingdom/);
    expect(byId.get(276)?.name).toBe("Germany");
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  });

  it("networks(): all countries, or one, with the country id kept", async () => {
    const client = emu.client();
    const all = await client.networks();
    const uk = await client.networks(WELL_KNOWN.countryId);
    expect(all.length).toBeGreaterThan(uk.length);
    expect(uk.every((n) => n.countryId === WELL_KNOWN.countryId)).toBe(true);
    expect(indexById(uk).get(WELL_KNOWN.networkId)?.name).toBe("EE");
    expect(indexById(all).get(310004)?.countryId).toBe(840); // Verizon, United States
  });

  it("brands(): without the placeholder brand 0", async () => {
    const brands = await emu.client().brands();
    expect(brands.find((b) => b.id === 0)).toBeUndefined();
    expect(indexById(brands).get(1)?.name).toBe("Apple");
    expect(brands.map((b) => b.name)).toContain("Samsung");
  });

  it("devices() and device(): name, picture URL and description", async () => {
    const client = emu.client();
    const apple = await client.devices(WELL_KNOWN.brandId);
    expect(apple.every((d) => d.brandId === 1)).toBe(true);
    const iphone13 = indexById(apple).get(WELL_KNOWN.deviceId);
    expect(iphone13?.name).toMatch(/iPhone 13/);
    const one = await client.device(WELL_KNOWN.brandId, WELL_KNOWN.deviceId);
    expect(one).toEqual(iphone13);
    expect(one.img).toMatch(new RegExp(`^${emu.url}/img/devices/1015\\.svg$`));
    expect(one.desc).toContain("<");
  });

  it("tools(): the well-known pair's fixed tools with booleans, exact prices and times", async () => {
    const tools = await emu.client().tools(WELL_KNOWN.deviceId, WELL_KNOWN.networkId);
    expect(tools.map((t) => t.id)).toEqual([1, 3, 4, 5, 6, 7, 8, 12]);
    expect(tools.map((t) => t.priceMinor)).toEqual([2490, 450, 2990, 1490, 990, 1990, 5900, 4990]);
    const byId = indexById(tools);
    expect(byId.get(TOOL.instant)?.guaranteedTime.type).toBe("instant");
    expect(byId.get(TOOL.pin)?.guaranteedTime).toEqual({ min: 10, max: 45, type: "minutes" });
    expect(byId.get(TOOL.sro)?.guaranteedTime.type).toBe("weeks");
    expect(requiredSuffixes(byId.get(TOOL.standard)!)).toEqual([]);
    expect(requiredSuffixes(byId.get(TOOL.mep)!)).toEqual(["mep"]);
    expect(requiredSuffixes(byId.get(TOOL.all)!)).toEqual(["sn", "prd", "pin", "mep", "sro"]);
    expect(byId.get(TOOL.standard)?.successRatio).toBe(0.96);
    for (const tool of tools) {
      expect(tool.serviceName).not.toBe("");
      expect(tool.averageTime).not.toBe("");
      expect(["imei", "usb", "file"]).toContain(tool.toolType);
    }
  });

  it("works with sandbox credentials and with the live service's header names", async () => {
    expect((await emu.client(SANDBOX).brands()).length).toBeGreaterThan(10);
    const live = emu.client({ headerNames: "live" });
    expect((await live.countries()).length).toBeGreaterThan(200);
  });

  it("an unknown brand is an API error with the upstream's info", async () => {
    const error = await emu
      .client()
      .devices(99_999)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "UpstreamError",
      kind: "api",
      code: "API_ERROR",
      status: 404,
      retryable: false,
    });
    expect((error as Error).message).toMatch(/Brand 99999 does not exist/);
  });
});
