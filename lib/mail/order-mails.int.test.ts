import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { transition } from "@/lib/orders/lifecycle";
import { startMailCatcher, type MailCatcher } from "@/testing/mail-catcher";
import { orderLink } from "./order-mails";
import { deliverQueuedMail } from "./delivery";
import { smtpTransport } from "./transport";

// The buyer's mails come from the order's own status changes: queued in the same transaction as
// the change (never without it, never twice for one change), and delivered over SMTP with the
// order link, what was bought and the price breakdown; delivered secrets stay out of mail.

let t: TestDatabase;
let catcher: MailCatcher;
beforeAll(async () => {
  t = await createTestDatabase();
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher?.stop();
  await t?.cleanup();
});

async function newOrder(email: string) {
  const id = randomBytes(6).toString("hex");
  return t.db.order.create({
    data: {
      ref: `R${id.toUpperCase()}`,
      productType: "giftcard",
      idempotencyKey: `k_${id}`,
      customerEmail: email,
      currency: "EUR",
      retailAmount: 1649,
      pricing: {
        currency: "EUR",
        amountMinor: 1500,
        serviceFeeMinor: 149,
        smsFeeMinor: 0,
        totalMinor: 1649,
        costMinor: 1500,
      },
      detail: { giftcard: { brandName: "Steam", faceValueMinor: 1500, currency: "EUR" } },
    },
  });
}

const mails = (orderId: string) => t.db.mailOutbox.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });

describe("order mails", () => {
  it("a payment queues the receipt with the change; a move that does not happen queues nothing", async () => {
    const order = await newOrder("receipt@example.com");
    expect(await transition(t.db, { orderId: order.id, from: "paid", to: "placing", source: "worker" })).toBeNull();
    expect(await mails(order.id)).toHaveLength(0);

    const racing = await Promise.all(
      Array.from({ length: 3 }, () =>
        transition(t.db, { orderId: order.id, from: "awaiting_payment", to: "paid", source: "buyer" }).catch(
          () => null,
        ),
      ),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
    const [receipt, ...more] = await mails(order.id);
    expect(more).toHaveLength(0);
    expect(receipt).toMatchObject({
      kind: "receipt",
      to: "receipt@example.com",
      status: "queued",
      subject: `Your receipt for order ${order.ref}`,
    });
    const link = orderLink(order);
    expect(link).toMatch(new RegExp(`^https?://[^/]+/orders/${order.ref}$`));
    expect(receipt!.body).toContain(link);
    expect(receipt!.body).toContain("Total paid: €16.49");
    expect(receipt!.body).toContain("Service fee: €1.49");
    // Never the shop's cost.
    expect(receipt!.body).not.toContain("15.00 cost");

    await deliverQueuedMail(
      t.db,
      { transport: smtpTransport(catcher.smtpUrl), from: "Shop <shop@example.com>" },
      { ids: [receipt!.id] },
    );
    const [received] = await catcher.waitForMails(1);
    expect(received).toMatchObject({
      subject: `Your receipt for order ${order.ref}`,
      to: [{ address: "receipt@example.com" }],
    });
    expect(received!.html).toContain(`href="${link}"`);
    expect(received!.html).toContain("€16.49");
    expect(received!.html).toContain('name="color-scheme" content="light dark"');
  });

  it("delivery sends the buyer to the order page and keeps delivered codes out of the mail", async () => {
    const order = await newOrder("delivery@example.com");
    await transition(t.db, { orderId: order.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    await transition(t.db, { orderId: order.id, from: "paid", to: "placing", source: "worker" });
    await transition(t.db, {
      orderId: order.id,
      from: "placing",
      to: "fulfilled",
      source: "worker",
      patch: { fulfillment: { redemptionCode: "STEAM-SECRET-CODE-1234", deliveryStatus: "delivered" } },
    });
    const kinds = (await mails(order.id)).map((m) => m.kind);
    expect(kinds).toEqual(["receipt", "delivery"]);
    const delivery = (await mails(order.id))[1]!;
    expect(delivery.subject).toBe(`Your order ${order.ref} is ready`);
    expect(delivery.body).toContain(orderLink(order));
    expect(delivery.body).not.toContain("STEAM-SECRET-CODE-1234");
    expect(delivery.html).not.toContain("STEAM-SECRET-CODE-1234");
  });

  it("failure and refund each send their notice; a lapsed unpaid checkout sends nothing", async () => {
    const failed = await newOrder("failed@example.com");
    await transition(t.db, { orderId: failed.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    await transition(t.db, { orderId: failed.id, from: "paid", to: "placing", source: "worker" });
    await transition(t.db, {
      orderId: failed.id,
      from: "placing",
      to: "failed",
      source: "worker",
      patch: { statusReason: "The operator refused this number." },
    });
    await transition(t.db, { orderId: failed.id, from: "failed", to: "refunded", source: "worker" });
    const sent = await mails(failed.id);
    expect(sent.map((m) => m.kind)).toEqual(["receipt", "failed", "refunded"]);
    expect(sent[1]!.body).toContain("The operator refused this number.");
    expect(sent[2]!.body).toContain("We refunded €16.49");

    const lapsed = await newOrder("lapsed@example.com");
    await transition(t.db, { orderId: lapsed.id, from: "awaiting_payment", to: "cancelled", source: "worker" });
    expect(await mails(lapsed.id)).toHaveLength(0);
  });

  it("escapes what the order holds in the HTML", async () => {
    const order = await newOrder("html@example.com");
    await t.db.order.update({
      where: { id: order.id },
      data: { detail: { giftcard: { brandName: "<script>alert(1)</script>", faceValueMinor: 1500, currency: "EUR" } } },
    });
    await transition(t.db, { orderId: order.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    const [receipt] = await mails(order.id);
    expect(receipt!.html).not.toContain("<script>alert(1)</script>");
  });
});
