import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { esimInstall } from "@/lib/products/esim/lines";
import { loadOrderForStaff } from "@/lib/admin/orders/detail";
import { refreshSearchIndex } from "@/lib/admin/orders/search-index";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { applyCommerceOrder } from "./apply-upstream";
import { createOrder } from "./create";
import { readRedemption, recordCodeReveal } from "@/lib/products/giftcard/reveal";
import { placeOrder } from "./placement";
import { quoteCommerceOrder } from "./quote";
import {
  hasSecretsInClear,
  openFulfillment,
  SEAL_CURSOR_KEY,
  sealFulfillment,
  sealPlainFulfillments,
} from "./sealed-fulfillment";
import { IMEI, inFuture, markPaid, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Gift card codes, eSIM activation codes (and the install and QR
// URLs built from them) and unlock instructions are sealed at rest. Against a real database
// and the emulator: after fulfilment the stored row (what a database dump, a backup or an
// export holds) has none of them in clear, while the buyer's order page and the staff order
// page still show them; the staff search never holds them; rows written before sealing still
// read and are sealed by the data step.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());

const GIFT_CARD = "gc_b1bfcb9d2bb0743a9bbdc614";
const worker = (ms: number) =>
  runWorkerOnce(tb.db, {
    workerId: "sealed-worker",
    now: inFuture(ms),
    clients: tb.clients,
  });

/** The stored column exactly as the database hands it out. */
async function storedRow(orderId: string) {
  const row = await tb.db.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { ref: true, fulfillment: true, searchText: true },
  });
  return { ...row, text: JSON.stringify(row.fulfillment) };
}

async function paidCommerceOrder(type: "giftcard" | "esim", input: { priceToken: string; catalogId?: string }) {
  const quote = await quoteCommerceOrder(
    { type, ...input },
    { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
  );
  const order = await createOrder(tb.db, {
    productType: type,
    submissionId: randomUUID(),
    customerEmail: "sealed@example.com",
    detail: quote.detail as Prisma.InputJsonValue,
    pricing: quote.pricing,
  });
  await markPaid(tb.db, order.id);
  return (await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients }))!;
}

describe("delivered secrets sealed at rest", () => {
  it("a gift card's code and redemption link: sealed in the row, shown on the buyer's reveal and the staff page, never in the search index", async () => {
    const placed = await paidCommerceOrder("giftcard", { priceToken: GIFT_CARD });
    await tb.advanceClock(5_000);
    const upstream = await tb.clients.commerce.getOrder(placed.upstreamOrderId!);
    const code = upstream.redemption_code!;
    const url = upstream.redemption_url!;
    expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    await applyCommerceOrder(tb.db, upstream, { source: "webhook", connectionId: await tb.commerceConnection() });

    const row = await storedRow(placed.id);
    expect((await tb.reload(placed.id)).status).toBe("fulfilled");
    expect(row.text).not.toContain(code);
    expect(row.text).not.toContain(code.replaceAll("-", ""));
    expect(row.text).not.toContain(url);
    expect(row.fulfillment).toMatchObject({ sealed: expect.stringMatching(/^v1\./) });
    expect(hasSecretsInClear(row.fulfillment)).toBe(false);

    // What the buyer's order page and its "Reveal code" action read.
    expect(readRedemption(row.fulfillment)).toEqual({ code, url });
    // Revealing records the time and keeps the code sealed.
    await recordCodeReveal(tb.db, placed.id, { actor: "buyer" });
    const revealed = await storedRow(placed.id);
    expect(revealed.text).not.toContain(code);
    expect(revealed.fulfillment).toMatchObject({ codeRevealedAt: expect.any(String) });
    expect(readRedemption(revealed.fulfillment)).toEqual({ code, url });

    // The staff order page names what it holds and shows it only on request (revealOrderSecrets, audited).
    const staff = (await loadOrderForStaff(tb.db, row.ref))!;
    expect(staff.secretFields).toEqual(["redemptionCode", "redemptionUrl"]);
    expect(JSON.stringify(staff.order.fulfillment)).not.toContain(code);
    expect(JSON.stringify(staff.order.fulfillment)).not.toContain("v1.");

    // Neither the search index nor the timeline holds it.
    await refreshSearchIndex(tb.db);
    expect((await storedRow(placed.id)).searchText).not.toContain(code.toLowerCase());
    expect(JSON.stringify(await tb.events(placed.id))).not.toContain(code);
  });

  it("an eSIM's LPA string, install and QR URLs: sealed in the row, the ICCID still searchable, the buyer's page still shows the install data", async () => {
    const plan = await tb.clients.commerce.getEsimProduct("fr-5gb-30d");
    const placed = await paidCommerceOrder("esim", { priceToken: plan.price_token, catalogId: plan.catalog_id });
    await tb.advanceClock(5_000);
    await worker(6_000);
    const upstream = await tb.clients.commerce.getOrder(placed.upstreamOrderId!);
    const lpa = upstream.lpa_string!;
    expect(lpa).toMatch(/^LPA:1\$/);

    const row = await storedRow(placed.id);
    expect((await tb.reload(placed.id)).status).toBe("fulfilled");
    expect(row.text).not.toContain(lpa);
    expect(row.text).not.toContain(lpa.split("$").at(-1));
    expect(row.text).not.toContain(encodeURIComponent(lpa));
    expect(row.text).not.toContain(upstream.qr_code_url!);
    expect(row.fulfillment).toMatchObject({ iccid: upstream.iccid, balanceAmount: "5.00" });

    // The buyer's eSIM section (EsimDelivery) gets the activation code and both links.
    const install = esimInstall(openFulfillment(row.fulfillment));
    expect(install.activation?.lpa).toBe(lpa);
    expect(install.iccid).toBe(upstream.iccid);
    expect(install.hostedQrUrl).toBe(upstream.qr_code_url);
    expect(install.iphoneInstallUrl).toBeTruthy();

    await refreshSearchIndex(tb.db);
    const indexed = (await storedRow(placed.id)).searchText!;
    expect(indexed).toContain(upstream.iccid!);
    expect(indexed).not.toContain(lpa.toLowerCase());
  });

  it("unlock instructions: sealed in the row when the worker delivers them, shown opened", async () => {
    const pricing = {
      currency: "EUR",
      amountMinor: 3000,
      serviceFeeMinor: 0,
      smsFeeMinor: 0,
      totalMinor: 3000,
      costMinor: 3000,
    };
    const detail = {
      deviceId: UNLOCK_PAIR.deviceId,
      networkId: UNLOCK_PAIR.networkId,
      imei: IMEI.availableAtOnce,
      toolId: UNLOCK_PAIR.toolInstant,
    };
    const order = await createOrder(tb.db, {
      productType: "unlock",
      submissionId: randomUUID(),
      customerEmail: "sealed@example.com",
      detail,
      pricing,
    });
    await markPaid(tb.db, order.id);
    await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    for (let i = 1; i <= 4 && (await tb.reload(order.id)).status !== "fulfilled"; i++) {
      await tb.advanceClock(2 * 60 * 60_000);
      await worker(i * 2 * 60 * 60_000);
    }
    const row = await storedRow(order.id);
    expect((await tb.reload(order.id)).status).toBe("fulfilled");
    const instructions = openFulfillment(row.fulfillment).instructions!;
    expect(instructions.length).toBeGreaterThan(20);
    expect(row.text).not.toContain(instructions.slice(0, 20));
    expect(hasSecretsInClear(row.fulfillment)).toBe(false);
  });

  it("rows written in clear before sealing still read, and the data step seals them once", async () => {
    const legacy = async (productType: "giftcard" | "esim" | "unlock", fulfillment: Prisma.InputJsonValue) => {
      const id = randomBytes(8).toString("hex");
      return tb.db.order.create({
        data: {
          ref: randomBytes(18).toString("base64url"),
          productType,
          status: "fulfilled",
          idempotencyKey: `k_${id}`,
          customerEmail: "old@example.com",
          currency: "EUR",
          retailAmount: 2000,
          detail: {},
          fulfillment,
        },
      });
    };
    const gift = await legacy("giftcard", {
      redemptionCode: "OLDC-ODE1-2345-6789",
      redemptionUrl: "https://redeem.example/OLDC-ODE1-2345-6789",
      codeRevealedAt: "2026-01-01T00:00:00.000Z",
    });
    const esim = await legacy("esim", {
      iccid: "8944500000000000777",
      lpaString: "LPA:1$smdp.example.com$OLD-ACTIVATION-777",
      balanceAmount: "1.00",
    });
    const unlock = await legacy("unlock", { instructions: "Your unlock code is 12345678. Enter it when asked." });

    // Before the data step: readable as ever.
    expect(readRedemption((await storedRow(gift.id)).fulfillment)).toEqual({
      code: "OLDC-ODE1-2345-6789",
      url: "https://redeem.example/OLDC-ODE1-2345-6789",
    });

    await tb.db.setting.deleteMany({ where: { key: SEAL_CURSOR_KEY } });
    expect(await sealPlainFulfillments(tb.db, { maxRows: 1 })).toBeLessThanOrEqual(1);
    await sealPlainFulfillments(tb.db);
    for (const [order, secret] of [
      [gift, "OLDC-ODE1-2345-6789"],
      [esim, "OLD-ACTIVATION-777"],
      [unlock, "12345678"],
    ] as const) {
      const row = await storedRow(order.id);
      expect(row.text).not.toContain(secret);
      expect(hasSecretsInClear(row.fulfillment)).toBe(false);
      expect(JSON.stringify(openFulfillment(row.fulfillment))).toContain(secret);
    }
    expect(openFulfillment((await storedRow(gift.id)).fulfillment)).toMatchObject({
      codeRevealedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(openFulfillment((await storedRow(esim.id)).fulfillment)).toMatchObject({
      iccid: "8944500000000000777",
      balanceAmount: "1.00",
    });
    // Done once: later runs look at nothing.
    expect(await sealPlainFulfillments(tb.db)).toBe(0);
  });

  it("with a wrong key the page shows no secret (nor the sealed text), and no write drops the sealed secrets", async () => {
    const id = randomBytes(8).toString("hex");
    const order = await tb.db.order.create({
      data: {
        ref: randomBytes(18).toString("base64url"),
        productType: "giftcard",
        status: "fulfilled",
        idempotencyKey: `k_${id}`,
        customerEmail: "key@example.com",
        currency: "EUR",
        retailAmount: 2000,
        detail: {},
        fulfillment: sealFulfillment({ redemptionCode: "KEYS-KEYS-KEYS-KEYS" }),
      },
    });
    const before = await storedRow(order.id);
    vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 9).toString("base64"));
    try {
      expect(openFulfillment(before.fulfillment)).toEqual({});
      expect(readRedemption(before.fulfillment)).toBeNull();
      await expect(recordCodeReveal(tb.db, order.id)).rejects.toThrow(/cannot be opened/);
    } finally {
      vi.unstubAllEnvs();
    }
    expect((await storedRow(order.id)).text).toBe(before.text);
    expect(readRedemption(before.fulfillment)).toEqual({ code: "KEYS-KEYS-KEYS-KEYS", url: null });
  });
});
