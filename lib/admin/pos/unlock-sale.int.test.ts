import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { imeiCheckPrice } from "@/lib/products/imeicheck/price";
import { unlockToolPrice } from "@/lib/products/unlock/price";
import { IMEI, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { stubAppEnv } from "@/testing/app-env";

// The unlocking products at the counter on a real database and the emulator's unlocking API:
// the catalog lists the point of sale shows, the resolver's checks (the storefront's rules),
// the price (the storefront's), and a counter sale that is one order, paid once, audited,
// whatever the number of submissions.

let tb: OrderTestbed;
let pos: typeof import("./sale");
let place: typeof import("@/lib/checkout/counter");
let catalog: typeof import("@/lib/products/unlock/pos-catalog");
const staff = { id: "staff_pos_unlock", email: "counter-unlock@example.com" };
const PAIR = { brand: 1, device: UNLOCK_PAIR.deviceId, country: 826, network: UNLOCK_PAIR.networkId };
const ALL_SUFFIXES_TOOL = 12;

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  [pos, place, catalog] = await Promise.all([
    import("./sale"),
    import("@/lib/checkout/counter"),
    import("@/lib/products/unlock/pos-catalog"),
  ]);
  await tb.db.user.create({ data: { id: staff.id, email: staff.email, role: "staff" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

type Request = Parameters<typeof pos.saleOf>[0];
const resolve = { resolveSale: (request: Request) => pos.saleOf(request)({ mode: "credits" }) };

async function resolved(request: Request) {
  const sale = await resolve.resolveSale(request);
  if (!sale.ok) throw new Error(`refused: ${sale.error}`);
  return sale;
}

describe("the point of sale's unlock catalog", () => {
  it("lists the well-known pair and its services at the storefront's price", async () => {
    const brands = await catalog.posUnlockCatalog.brands();
    const devices = await catalog.posUnlockCatalog.devices(PAIR.brand);
    const countries = await catalog.posUnlockCatalog.countries();
    const networks = await catalog.posUnlockCatalog.networks(PAIR.country);
    const tools = await catalog.posUnlockCatalog.tools(PAIR.device, PAIR.network);
    if (!brands.ok || !devices.ok || !countries.ok || !networks.ok || !tools.ok) throw new Error("catalog not loaded");
    expect(brands.choices).toContainEqual({ id: 1, name: "Apple" });
    expect(brands.choices.some((b) => b.id === 0)).toBe(false);
    expect(devices.choices).toContainEqual({ id: PAIR.device, name: "iPhone 13" });
    expect(countries.choices).toContainEqual({ id: PAIR.country, name: "United Kingdom" });
    expect(networks.choices).toContainEqual({ id: PAIR.network, name: "EE" });
    const instant = tools.tools.find((t) => t.id === UNLOCK_PAIR.toolInstant)!;
    expect(instant).toMatchObject({ name: "Instant Network Code", guaranteedTime: "Instant", needs: [] });
    const upstream = (await tb.clients.unlock.tools(PAIR.device, PAIR.network)).find(
      (t) => t.id === UNLOCK_PAIR.toolInstant,
    )!;
    expect(instant.totalMinor).toBe((await unlockToolPrice(tb.db, upstream)).totalMinor);
    expect(tools.tools.find((t) => t.id === ALL_SUFFIXES_TOOL)!.needs).toEqual(["sn", "prd", "pin", "mep", "sro"]);
  });

  it("answers a field-level refusal for an unknown brand or country", async () => {
    expect(await catalog.posUnlockCatalog.devices(999_999)).toMatchObject({ ok: false, field: "brand" });
    expect(await catalog.posUnlockCatalog.networks(999_999)).toMatchObject({ ok: false, field: "country" });
  });
});

describe("resolving an unlock sale", () => {
  const base = {
    product: "unlock" as const,
    ...PAIR,
    tool: UNLOCK_PAIR.toolInstant,
    imei: IMEI.availableAtOnce,
    suffixes: {},
  };

  it("refuses what the storefront refuses, naming the field", async () => {
    expect(await resolve.resolveSale({ ...base, imei: "123456789876544" })).toMatchObject({
      ok: false,
      field: "imei",
      error: expect.stringContaining("check digit"),
    });
    expect(await resolve.resolveSale({ ...base, tool: 999 })).toMatchObject({ ok: false, field: "tool" });
    expect(await resolve.resolveSale({ ...base, network: 999_999 })).toMatchObject({ ok: false, field: "tool" });
    expect(
      await resolve.resolveSale({ ...base, tool: ALL_SUFFIXES_TOOL, suffixes: { sn: "SNAB12-C3456" } }),
    ).toMatchObject({ ok: false, field: "prd" });
  });

  it("keeps exactly the suffixes the service needs", async () => {
    const suffixes = {
      sn: "SNAB12-C3456",
      prd: "PRD12345678",
      pin: "PIN1234ABCD",
      mep: "MEP-12345-123",
      sro: "SROX1234567",
    };
    const sale = await resolved({ ...base, imei: "49-015420-323751-8", tool: ALL_SUFFIXES_TOOL, suffixes });
    expect(sale.detail).toMatchObject({ imei: "490154203237518", suffixes, toolId: ALL_SUFFIXES_TOOL });
    // A service that needs none ignores codes sent anyway.
    const plain = await resolved({ ...base, suffixes: { sn: "SNAB12-C3456" } });
    expect(plain.detail.suffixes).toEqual({});
  });

  it("previews the service, its guaranteed time and the storefront's price with the breakdown", async () => {
    const preview = pos.previewOf(await resolved(base));
    const upstream = (await tb.clients.unlock.tools(PAIR.device, PAIR.network)).find(
      (t) => t.id === UNLOCK_PAIR.toolInstant,
    )!;
    const expected = await unlockToolPrice(tb.db, upstream);
    expect(preview).toMatchObject({
      label: "Instant Network Code: Apple iPhone 13 on EE (United Kingdom)",
      currency: expected.currency,
      amountMinor: expected.amountMinor,
      serviceFeeMinor: expected.serviceFeeMinor,
      totalMinor: expected.totalMinor,
      costMinor: expected.costMinor,
      marginMinor: expected.totalMinor - expected.costMinor,
      sufficientCredits: null,
    });
    expect(preview.facts).toEqual([
      { label: "Service", value: "Instant Network Code" },
      { label: "Guaranteed time", value: "Instant" },
      { label: "Success rate", value: expect.stringMatching(/^\d+%$/) },
      { label: "IMEI", value: IMEI.availableAtOnce },
    ]);
  });
});

describe("a counter sale of the unlocking products", () => {
  it("places an unlock as one order paid at the counter, audited, with the storefront's detail", async () => {
    const request: Request = {
      product: "unlock",
      ...PAIR,
      tool: UNLOCK_PAIR.toolInstant,
      imei: IMEI.availableAtOnce,
      suffixes: {},
    };
    const sale = await resolved(request);
    const handedOver: string[] = [];
    const input = {
      staff,
      product: request.product,
      price: pos.saleOf(request),
      submissionId: "0b7e4c1a-2f3d-4e5a-8b9c-0123456789ab",
      customerEmail: "walkin-unlock@example.com",
      expectedTotalMinor: sale.pricing.totalMinor,
      afterPaid: async (_db: unknown, orderId: string) => void handedOver.push(orderId),
    };
    const first = await place.placeCounterSale(tb.db, input);
    const again = await place.placeCounterSale(tb.db, input);
    if (!first.ok || !again.ok) throw new Error("sale refused");
    expect(again.order.id).toBe(first.order.id);
    expect(handedOver).toEqual([first.order.id]);

    const order = await tb.db.order.findUniqueOrThrow({ where: { id: first.order.id }, include: { payments: true } });
    expect(order).toMatchObject({
      productType: "unlock",
      status: "paid",
      userId: null,
      upstreamMode: "credits",
      retailAmount: sale.pricing.totalMinor,
    });
    expect(order.payments.map((p) => [p.provider, p.status, p.amount, p.actor])).toEqual([
      ["counter", "succeeded", sale.pricing.totalMinor, staff.id],
    ]);
    expect(order.detail).toMatchObject({
      deviceId: PAIR.device,
      networkId: PAIR.network,
      imei: IMEI.availableAtOnce,
      toolId: UNLOCK_PAIR.toolInstant,
      guaranteedTimeType: "instant",
      unlock: {
        brandName: "Apple",
        deviceName: "iPhone 13",
        networkName: "EE",
        countryName: "United Kingdom",
        toolName: "Instant Network Code",
      },
      counterSale: { staffId: staff.id },
    });
    const audits = await tb.db.auditLog.findMany({ where: { action: "pos.sale", targetId: order.id } });
    expect(audits.map((a) => a.actorEmail)).toEqual([staff.email]);
  });

  it("places an IMEI check at the storefront's price", async () => {
    expect(await resolve.resolveSale({ product: "imeicheck", imei: "35940508597276" })).toMatchObject({
      ok: false,
      field: "imei",
    });
    const sale = await resolved({ product: "imeicheck", imei: "359405085972766" });
    expect(sale.pricing).toEqual(await imeiCheckPrice(tb.db));
    const result = await place.placeCounterSale(tb.db, {
      staff,
      product: "imeicheck",
      price: pos.saleOf({ product: "imeicheck", imei: "359405085972766" }),
      submissionId: "1c8f5d2b-3a4e-4f6b-9cad-123456789abc",
      customerEmail: "walkin-imei@example.com",
      expectedTotalMinor: sale.pricing.totalMinor,
      afterPaid: async () => undefined,
    });
    if (!result.ok) throw new Error(result.error);
    const order = await tb.db.order.findUniqueOrThrow({ where: { id: result.order.id }, include: { payments: true } });
    expect(order).toMatchObject({ productType: "imeicheck", status: "paid", retailAmount: sale.pricing.totalMinor });
    expect(order.detail).toMatchObject({ imei: "359405085972766", checkoutMode: "credits" });
    expect(order.payments.map((p) => [p.provider, p.status])).toEqual([["counter", "succeeded"]]);
  });
});
