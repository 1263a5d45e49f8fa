import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { stubAppEnv } from "@/testing/app-env";

// A counter sale on a real database with the upstream's real catalog and preview (emulator): one order,
// paid at the counter in the staff member's name, audited; the same submission again (a
// double click, a retry) is the same order with the same single payment.

let tb: OrderTestbed;
let place: typeof import("./counter");
let sale: typeof import("@/lib/admin/pos/sale");
const staff = { id: "staff_pos", email: "counter@example.com" };

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  [place, sale] = await Promise.all([import("./counter"), import("@/lib/admin/pos/sale")]);
  await tb.db.user.create({ data: { id: staff.id, email: staff.email, role: "staff" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await tb?.close();
});

describe("placeCounterSale", () => {
  it("creates one order paid at the counter, whatever the number of submissions", async () => {
    // An airtime rate as the counter lists it: the offer of the number's operator (the carrier lookup's).
    const { loadOperatorOffer } = await import("@/lib/products/topup/offer");
    const { lookupCarrier } = await import("@/lib/products/topup/carrier");
    const carrier = await lookupCarrier(WORKING_UK_MOBILE);
    if (!carrier.ok) throw new Error(carrier.error);
    const offer = await loadOperatorOffer(carrier.carrier.operatorId);
    if (!offer.ok) throw new Error(offer.error);
    const rate = offer.value.choices.filter((c) => c.serviceType === "airtime")[2]!;
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: rate.token, phone: WORKING_UK_MOBILE },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
    );
    const handedOver: string[] = [];
    const input = {
      staff,
      product: "topup" as const,
      price: sale.saleOf({ product: "topup", phone: WORKING_UK_MOBILE, rate: rate.token }),
      submissionId: "5d0c1f4e-6b8a-4c2e-9f1a-1234567890ab",
      customerEmail: "walkin@example.com",
      expectedTotalMinor: quote.pricing.totalMinor,
      afterPaid: async (_db: unknown, orderId: string) => void handedOver.push(orderId),
    };
    const first = await place.placeCounterSale(tb.db, input);
    const again = await place.placeCounterSale(tb.db, input);
    if (!first.ok || !again.ok) throw new Error(`sale refused: ${JSON.stringify([first, again])}`);
    expect(again.order.id).toBe(first.order.id);
    expect(handedOver).toEqual([first.order.id]);

    const order = await tb.db.order.findUniqueOrThrow({ where: { id: first.order.id }, include: { payments: true } });
    expect(order).toMatchObject({
      status: "paid",
      userId: null,
      customerEmail: "walkin@example.com",
      upstreamMode: "credits",
      retailAmount: quote.pricing.totalMinor,
    });
    expect(order.payments.map((p) => [p.provider, p.status, p.amount, p.actor])).toEqual([
      ["counter", "succeeded", quote.pricing.totalMinor, staff.id],
    ]);
    expect(order.detail).toMatchObject({
      phone: WORKING_UK_MOBILE,
      checkoutMode: "credits",
      operator: { id: offer.value.operatorId, name: offer.value.operatorName },
      counterSale: { staffId: staff.id },
    });
    const audits = await tb.db.auditLog.findMany({ where: { action: "pos.sale" } });
    expect(audits.map((a) => [a.actorEmail, a.targetId])).toEqual([[staff.email, order.id]]);
  });
});
