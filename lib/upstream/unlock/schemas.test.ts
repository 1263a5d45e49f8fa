import { describe, expect, it } from "vitest";
import {
  apiDateTimeToIso,
  brandsSchema,
  cancelSchema,
  countriesSchema,
  createOrderSchema,
  devicesSchema,
  envelopeSchema,
  imeiCheckSchema,
  indexById,
  instructionsSchema,
  networksSchema,
  orderSchema,
  requiredSuffixes,
  toolsSchema,
} from "./schemas";

// Shapes of spec section 2, plus the live-service habits upstream-notes tells us to tolerate.

const tool = {
  name: "Apple iPhone 13 – EE – PRD Code Unlock",
  desc: "…",
  service_name: "PRD Code Unlock",
  service_desc: "…",
  guaranteed_time: { min: 2, max: 6, type: "hours" },
  average_time: "3 hours 30 minutes",
  sn: "false",
  prd: "true",
  pin: "false",
  mep: "false",
  sro: "false",
  id_tool: 5,
  success_ratio: 0.91,
  tool_type: "imei",
  custom: {},
  price: 14.9,
};

describe("envelope", () => {
  it("reads replies with and without `code` (cancel and instructions omit it)", () => {
    expect(envelopeSchema.parse({ code: 200, status: "OK", info: "", res: {} }).status).toBe("OK");
    expect(envelopeSchema.parse({ status: "API_ERROR", info: "Cancel window…", res: {} }).info).toBe("Cancel window…");
    expect(envelopeSchema.safeParse({ code: 200, info: "", res: {} }).success).toBe(false);
  });
});

describe("catalog maps", () => {
  it("normalise id-keyed maps to arrays sorted by name, with lookups", () => {
    const countries = countriesSchema.parse({ "826": "United Kingdom", "276": "Germany", "250": "France" });
    expect(countries).toEqual([
      { id: 250, name: "France" },
      { id: 276, name: "Germany" },
      { id: 826, name: "United Kingdom" },
    ]);
    expect(indexById(countries).get(826)?.name).toBe("United Kingdom");
  });
  it("read networks of every country with their country id", () => {
    const networks = networksSchema.parse({
      "826": { "234030": "EE", "234015": "Vodafone UK" },
      "276": { "262001": "Telekom" },
    });
    expect(networks.map((n) => [n.name, n.countryId, n.id])).toEqual([
      ["EE", 826, 234030],
      ["Telekom", 276, 262001],
      ["Vodafone UK", 826, 234015],
    ]);
  });
  it("drop the placeholder brand 0 and read PHP's [] as an empty map", () => {
    const brands = brandsSchema.parse({
      "0": { brand: "", desc: "" },
      "2": { brand: "Samsung", desc: "" },
      "1": { brand: "Apple", desc: "x" },
    });
    expect(brands).toEqual([
      { id: 1, name: "Apple", desc: "x" },
      { id: 2, name: "Samsung", desc: "" },
    ]);
    expect(countriesSchema.parse([])).toEqual([]);
    // Contiguous keys from 0 come as a JSON list from PHP: still a map of ids.
    expect(
      brandsSchema.parse([
        { brand: "", desc: "" },
        { brand: "Apple", desc: "" },
      ]),
    ).toEqual([{ id: 1, name: "Apple", desc: "" }]);
  });
  it("refuse a map whose keys are not ids", () => {
    expect(countriesSchema.safeParse({ uk: "United Kingdom" }).success).toBe(false);
  });
  it("read devices keyed by brand, or directly by device", () => {
    const device = { name: "iPhone 13", img: "https://x/1015.svg", desc: "<p>A15</p>" };
    const expected = [{ id: 1015, brandId: 1, ...device }];
    expect(devicesSchema(1).parse({ "1": { "1015": device } })).toEqual(expected);
    expect(devicesSchema(1).parse({ "1015": device })).toEqual(expected);
    expect(devicesSchema(0).parse({ "0": {} })).toEqual([]);
  });
});

describe("tools", () => {
  it("turn flags into booleans, price into exact minor units, and keep every field", () => {
    const [parsed] = toolsSchema.parse({ tools: [tool] });
    expect(parsed).toEqual({
      id: 5,
      name: tool.name,
      desc: "…",
      serviceName: "PRD Code Unlock",
      serviceDesc: "…",
      guaranteedTime: { min: 2, max: 6, type: "hours" },
      averageTime: "3 hours 30 minutes",
      needs: { sn: false, prd: true, pin: false, mep: false, sro: false },
      successRatio: 0.91,
      toolType: "imei",
      custom: {},
      priceMinor: 1490,
    });
    expect(requiredSuffixes(parsed!)).toEqual(["prd"]);
  });
  it("tolerate string numbers, boolean flags, an empty list as [] and PHP's [] for custom", () => {
    const [parsed] = toolsSchema.parse({
      tools: [{ ...tool, id_tool: "5", price: "12.35", success_ratio: "0.5", sn: true, custom: [] }],
    });
    expect(parsed).toMatchObject({ id: 5, priceMinor: 1235, successRatio: 0.5, needs: { sn: true }, custom: {} });
    expect(toolsSchema.parse({ tools: [] })).toEqual([]);
    expect(toolsSchema.parse([])).toEqual([]);
  });
  it("refuse a tool that lacks a field the spec names, or a flag that is not a boolean word", () => {
    const { price: _price, ...withoutPrice } = tool;
    expect(toolsSchema.safeParse({ tools: [withoutPrice] }).success).toBe(false);
    expect(toolsSchema.safeParse({ tools: [{ ...tool, sn: "maybe" }] }).success).toBe(false);
  });
});

describe("orders", () => {
  const order = {
    id_device: 1015,
    id_network: 234030,
    imei: "490154203237518",
    creation_datetime: "2025-03-04 05:06:07",
    status: "open",
    ok_sent: "false",
  };
  it("read the order keyed by ticket id", () => {
    expect(orderSchema(700001).parse({ "700001": order })).toEqual({
      ticketId: 700001,
      deviceId: 1015,
      networkId: 234030,
      imei: "490154203237518",
      creationDatetime: "2025-03-04 05:06:07",
      createdAt: "2025-03-04T05:06:07.000Z",
      status: "open",
      instructionsReady: false,
    });
  });
  it('read ok_sent "1" (update reply) as true and keep unknown statuses as sent', () => {
    const parsed = orderSchema(700001).parse({ "700001": { ...order, status: "AVAILABLE", ok_sent: "1" } });
    expect(parsed).toMatchObject({ status: "available", instructionsReady: true });
    expect(orderSchema(700001).parse({ "700001": { ...order, status: "in_review" } }).status).toBe("in_review");
  });
  it("read cancel and instructions replies", () => {
    expect(cancelSchema(7).parse({ "7": { status: "canceled" } })).toEqual({ ticketId: 7, status: "canceled" });
    expect(instructionsSchema(7).parse({ "7": { howto: "line 1\r\nline 2" } })).toEqual({
      ticketId: 7,
      howto: "line 1\nline 2",
    });
    expect(instructionsSchema(7).safeParse({}).success).toBe(false);
  });
  it("convert creation_datetime as UTC, null when unreadable", () => {
    expect(apiDateTimeToIso("2025-12-31 23:59:59")).toBe("2025-12-31T23:59:59.000Z");
    expect(apiDateTimeToIso("0000-00-00 00:00:00")).toBeNull();
    expect(apiDateTimeToIso("yesterday")).toBeNull();
  });
});

describe("IMEI check", () => {
  const data = {
    imei: "123456789876543",
    tac: "12345678",
    brandname: "",
    marketingname: "",
    modelname: "",
    devicetype: "",
    img: "",
    lang: "en",
  };
  it("reads a payment-required result with an empty `result` (as {} or PHP [])", () => {
    for (const result of [{}, []]) {
      const parsed = imeiCheckSchema.parse({
        data,
        error: [],
        result,
        type_pay: { type: "P", desc: "pay" },
        extra_info: [{ type: "button", txt: "Buy", url: "https://x" }],
      });
      expect(parsed.report).toBeNull();
      expect(parsed.payment.type).toBe("P");
      expect(parsed.extraInfo).toEqual([{ type: "button", txt: "Buy", url: "https://x" }]);
    }
  });
  it("reads a full report and caps the history at 10", () => {
    const history = Array.from({ length: 12 }, (_, i) => ({
      imei: data.imei,
      action: "Reported stolen",
      date: `2025-01-${10 + i}`,
      by: "EE",
      country: "United Kingdom",
    }));
    const parsed = imeiCheckSchema.parse({
      data,
      error: [],
      result: {
        blackliststatus: true,
        imeihistory: history,
        lists: {
          black: [{ name: "United Kingdom", opers: [{ txt: "EE", status: 0 }] }],
          white: [{ name: "France", opers: [{ txt: "Orange", status: "2" }] }],
        },
        url_report: "https://x/report.pdf",
      },
      type_pay: { type: "F", desc: "free" },
      extra_info: [],
    });
    expect(parsed.report?.blacklisted).toBe(true);
    expect(parsed.report?.history).toHaveLength(10);
    expect(parsed.report?.blackList).toEqual([{ country: "United Kingdom", networks: [{ name: "EE", status: 0 }] }]);
    expect(parsed.report?.whiteList[0]?.networks[0]?.status).toBe(2);
  });
});

describe("U§2 minimal answers, exactly as the document writes them", () => {
  // Every field U§2 names and no other: the client must accept each (the documented dialect).
  const ok = (res: unknown) => envelopeSchema.parse({ code: 200, status: "OK", info: "", res }).res;
  const okWithoutCode = (res: unknown) => envelopeSchema.parse({ status: "OK", info: "", res }).res;

  it("catalog maps keyed by ids: countries, networks, brands, devices", () => {
    expect(countriesSchema.parse(ok({ "826": "United Kingdom" }))).toEqual([{ id: 826, name: "United Kingdom" }]);
    expect(networksSchema.parse(ok({ "826": { "234030": "EE" } }))).toEqual([
      { id: 234030, name: "EE", countryId: 826 },
    ]);
    expect(brandsSchema.parse(ok({ "1": { brand: "Apple", desc: "" } }))).toEqual([{ id: 1, name: "Apple", desc: "" }]);
    expect(
      devicesSchema(1).parse(
        ok({ "1": { "1015": { name: "iPhone 13", img: "https://x/1015.png", desc: "<b>A15</b>" } } }),
      ),
    ).toEqual([{ id: 1015, brandId: 1, name: "iPhone 13", img: "https://x/1015.png", desc: "<b>A15</b>" }]);
  });

  it("a tool with exactly the U§2 fields (flags as strings, custom key/value extras, price a number)", () => {
    const documented = {
      name: "Factory Unlock",
      desc: "Permanent unlock",
      service_name: "Factory Unlock",
      service_desc: "By IMEI",
      guaranteed_time: { min: 1, max: 3, type: "days" },
      average_time: "2 days",
      sn: "false",
      prd: "false",
      pin: "false",
      mep: "false",
      sro: "true",
      id_tool: 8,
      success_ratio: 0.95,
      tool_type: "imei",
      custom: { region: "EU" },
      price: 59,
    };
    expect(toolsSchema.parse(ok({ tools: [documented] }))).toEqual([
      expect.objectContaining({
        id: 8,
        priceMinor: 5900,
        needs: { sn: false, prd: false, pin: false, mep: false, sro: true },
        custom: { region: "EU" },
        guaranteedTime: { min: 1, max: 3, type: "days" },
      }),
    ]);
  });

  it('create_order\'s id_ticket; the order object keyed by ticket id with ok_sent "true", "false" or 1', () => {
    expect(createOrderSchema.parse(ok({ id_ticket: 700001 }))).toEqual({ ticketId: 700001 });
    const order = {
      id_device: 1015,
      id_network: 234030,
      imei: "490154203237518",
      creation_datetime: "2026-11-28 10:00:00",
      status: "available",
    };
    expect(orderSchema(700001).parse(ok({ "700001": { ...order, ok_sent: "true" } })).instructionsReady).toBe(true);
    expect(
      orderSchema(700001).parse(ok({ "700001": { ...order, status: "open", ok_sent: "false" } })).instructionsReady,
    ).toBe(false);
    expect(orderSchema(700001).parse(ok({ "700001": { ...order, ok_sent: 1 } }))).toMatchObject({
      status: "available",
      instructionsReady: true,
    });
  });

  it("cancel and instructions replies without `code`", () => {
    expect(cancelSchema(700001).parse(okWithoutCode({ "700001": { status: "canceled" } }))).toEqual({
      ticketId: 700001,
      status: "canceled",
    });
    expect(
      instructionsSchema(700001).parse(
        okWithoutCode({ "700001": { howto: "Insert a foreign SIM.\nEnter the code." } }),
      ),
    ).toEqual({ ticketId: 700001, howto: "Insert a foreign SIM.\nEnter the code." });
  });

  it("an IMEI check needing payment: device data, empty error, empty result, type P, a button", () => {
    const parsed = imeiCheckSchema.parse(
      ok({
        data: {
          imei: "359405085972766",
          tac: "35940508",
          brandname: "Apple",
          marketingname: "iPhone 13",
          modelname: "A2633",
          devicetype: "Smartphone",
          img: "https://x/a.png",
          lang: "en",
        },
        error: [],
        result: {},
        type_pay: { type: "P", desc: "Full report for payment" },
        extra_info: [{ type: "button", txt: "Buy", url: "https://x/buy" }],
      }),
    );
    expect(parsed).toMatchObject({
      report: null,
      errors: [],
      payment: { type: "P" },
      device: { imei: "359405085972766", marketingName: "iPhone 13" },
    });
  });

  it("a free IMEI check report, and a recognition failure in `error` with the envelope OK", () => {
    const data = {
      imei: "353047098598802",
      tac: "35304709",
      brandname: "",
      marketingname: "",
      modelname: "",
      devicetype: "",
      img: "",
      lang: "en",
    };
    const free = imeiCheckSchema.parse(
      ok({
        data,
        error: [],
        result: {
          blackliststatus: false,
          imeihistory: [],
          lists: { black: [], white: [{ name: "United Kingdom", opers: [{ txt: "EE", status: 1 }] }] },
          url_report: "https://x/r.pdf",
        },
        type_pay: { type: "F", desc: "Free" },
        extra_info: [],
      }),
    );
    expect(free.report).toMatchObject({
      blacklisted: false,
      whiteList: [{ country: "United Kingdom", networks: [{ name: "EE", status: 1 }] }],
    });
    const failed = imeiCheckSchema.parse(
      ok({
        data,
        error: [{ code: "E01", txt: "Not recognised" }],
        result: {},
        type_pay: { type: "F", desc: "" },
        extra_info: [],
      }),
    );
    expect(failed).toMatchObject({ report: null, errors: [{ code: "E01", txt: "Not recognised" }] });
  });
});
