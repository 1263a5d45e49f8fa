import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { stubAppEnv } from "@/testing/app-env";

// Switching a product off, as staff do it when the go-live check fails: audited, seen by every
// reader of the availability, and no purchase of it gets through: neither the storefront's
// checkout nor the counter prices it (no upstream call at all), and no order is made.

let tb: OrderTestbed;
let availability: typeof import("./availability");
let productSwitch: typeof import("./switch-product");
let checkoutModule: typeof import("@/lib/checkout/checkout");
let place: typeof import("@/lib/checkout/counter");
let pos: typeof import("@/lib/admin/pos/sale");
const staff = { id: "staff_switch", email: "switch@example.com" };

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  [availability, productSwitch, checkoutModule, place, pos] = await Promise.all([
    import("./availability"),
    import("./switch-product"),
    import("@/lib/checkout/checkout"),
    import("@/lib/checkout/counter"),
    import("@/lib/admin/pos/sale"),
  ]);
  await tb.db.user.create({ data: { id: staff.id, email: staff.email, role: "admin" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});
beforeEach(async () => {
  for (const product of ["topup", "esim", "giftcard", "unlock", "imeicheck"] as const)
    await productSwitch.setProductSwitch(tb.db, staff, product, true);
});

describe("the product switch", () => {
  it("switches a product off and on again, audited each time; the other products stay on sale", async () => {
    expect(await availability.productAvailability("topup", tb.db)).toEqual({ available: true });
    expect(await productSwitch.setProductSwitch(tb.db, staff, "topup", false)).toEqual({ changed: true });
    expect(await productSwitch.setProductSwitch(tb.db, staff, "topup", false)).toEqual({ changed: false });

    expect(await availability.productAvailability("topup", tb.db)).toMatchObject({
      available: false,
      reason: "switched_off",
    });
    const all = await availability.productsAvailability(tb.db);
    expect(Object.entries(all).map(([product, a]) => [product, a.available])).toEqual([
      ["topup", false],
      ["esim", true],
      ["giftcard", true],
      ["unlock", true],
      ["imeicheck", true],
    ]);

    expect(await productSwitch.setProductSwitch(tb.db, staff, "topup", true)).toEqual({ changed: true });
    expect(await availability.productAvailability("topup", tb.db)).toEqual({ available: true });
    const audits = await tb.db.auditLog.findMany({
      where: { targetType: "product", targetId: "topup" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((a) => [a.action, a.actorEmail, a.before, a.after])).toEqual([
      ["product.switch_off", staff.email, { sale: "on" }, { sale: "off" }],
      ["product.switch_on", staff.email, { sale: "off" }, { sale: "on" }],
    ]);
  });

  it("the checkout refuses a product that is off before its step runs: no upstream call, no order", async () => {
    const [rate] = await tb.eeAirtime();
    await productSwitch.setProductSwitch(tb.db, staff, "topup", false);
    await tb.resetCounters();
    const orders = await tb.db.order.count();
    const messages = {
      startAgain: "start again",
      priceChanged: "price changed",
      failed: "failed",
      unavailable: "This service is temporarily unavailable. Nothing was charged.",
      what: "top-up order",
    };
    const { topupSale } = await import("@/lib/products/topup/sale");

    const result = await checkoutModule.checkout(tb.db, {
      productType: "topup",
      submission: { submissionId: randomUUID(), submitterHash: "a".repeat(64), existing: null },
      customerEmail: "buyer@example.com",
      userId: null,
      expectedTotalMinor: 1000,
      price: topupSale({ phone: WORKING_UK_MOBILE, rate: rate!.token }),
      context: { mode: "credits" },
      messages,
    });
    expect(result).toEqual({ ok: false, error: "This service is temporarily unavailable. Nothing was charged." });
    expect(await tb.counters()).toEqual({});
    expect(await tb.db.order.count()).toBe(orders);
  });

  it("an order made before the switch and not yet paid is not taken on to payment", async () => {
    await productSwitch.setProductSwitch(tb.db, staff, "giftcard", false);
    const price = vi.fn();
    const existing = {
      id: "o_before",
      ref: "REF1",
      userId: null,
      status: "awaiting_payment",
      upstreamMode: "credits",
      submitterHash: null,
    };
    const messages = { startAgain: "s", priceChanged: "p", failed: "f", unavailable: "unavailable", what: "w" };
    const base = {
      productType: "giftcard" as const,
      customerEmail: "b@example.com",
      userId: null,
      expectedTotalMinor: 1,
      price,
      context: { mode: "credits" as const },
      messages,
    };
    expect(
      await checkoutModule.checkout(tb.db, {
        ...base,
        submission: { submissionId: randomUUID(), submitterHash: null, existing },
      }),
    ).toEqual({ ok: false, error: "unavailable" });
    // One already paid is the shop's to deliver (or refund): the buyer is shown it.
    const paid = { ...existing, status: "paid" };
    expect(
      await checkoutModule.checkout(tb.db, {
        ...base,
        submission: { submissionId: randomUUID(), submitterHash: null, existing: paid },
      }),
    ).toEqual({ ok: true, order: paid, resumed: true });
    expect(price).not.toHaveBeenCalled();
  });

  it("the point of sale refuses it too, with no upstream call and no order; the other unlocking product still sells", async () => {
    await productSwitch.setProductSwitch(tb.db, staff, "unlock", false);
    await tb.resetCounters();
    const orders = await tb.db.order.count();
    const request = { product: "imeicheck", imei: "359405085972766" } as const;
    const offRequest = {
      product: "unlock",
      brand: 1,
      device: 1015,
      country: 826,
      network: 234030,
      tool: 3,
      imei: "123456789876543",
      suffixes: {},
    } as const;
    const sold = await place.placeCounterSale(tb.db, {
      staff,
      product: "unlock",
      price: pos.saleOf(offRequest),
      submissionId: randomUUID(),
      customerEmail: "walkin@example.com",
      expectedTotalMinor: 1000,
    });
    expect(sold).toEqual({ ok: false, error: place.COUNTER_UNAVAILABLE });
    expect(await tb.counters()).toEqual({});
    expect(await tb.db.order.count()).toBe(orders);

    // The other unlocking product is not affected.
    const imeiSale = await pos.saleOf(request)(pos.COUNTER_CONTEXT);
    if (!imeiSale.ok) throw new Error(imeiSale.error);
    const other = await place.placeCounterSale(tb.db, {
      staff,
      product: "imeicheck",
      price: pos.saleOf(request),
      submissionId: randomUUID(),
      customerEmail: "walkin@example.com",
      expectedTotalMinor: imeiSale.pricing.totalMinor,
      afterPaid: async () => undefined,
    });
    expect(other.ok).toBe(true);
  });
});
