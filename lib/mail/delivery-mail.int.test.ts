import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { transition } from "@/lib/orders/lifecycle";
import { sealFulfillment } from "@/lib/orders/sealed-fulfillment";
import { GIFTCARD_CODES_IN_MAIL } from "@/lib/products/giftcard/mail-setting";
import { startMailCatcher, type CaughtMail, type MailCatcher } from "@/testing/mail-catcher";
import { decodeQrPng } from "@/testing/qr";
import { deliverQueuedMail } from "./delivery";
import { QR_CONTENT_ID } from "./layout";
import { orderLink } from "./order-mails";
import { SENT_SEALED_NOTE } from "./seal";
import { smtpTransport } from "./transport";

// The delivery mail (docs/mail.md): what each product delivered, so a guest who closed the tab
// still has it; the eSIM's QR code inline, decoding to exactly the LPA string; codes only where
// staff allow them; anything that is a credential stored sealed until sent, then gone.

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
beforeEach(() => catcher.clear());

const LPA = "LPA:1$smdp.example-esim.net$K2-1RT9JW-Q7A3ZP$1.3.6.1.4.1.31746";
const ESIM = {
  iccid: "8944500102198304826F",
  lpaString: LPA,
  installUrl: "https://supplier.example.net/install?x=1",
  qrCodeUrl: "https://supplier.example.net/qr/1.png",
};

const DETAILS: Record<ProductType, unknown> = {
  topup: {
    phone: "+447400123456",
    smsNotification: false,
    product: { name: "15 GBP Airtime", operator_name: "EE", country_iso: "GB", service_type: "airtime" },
  },
  esim: { esim: { destinationCode: "eu", destinationName: "Europe", unlimited: false, dataGb: 3, validityDays: 15 } },
  giftcard: {
    giftcard: {
      brandName: "Steam",
      faceValueMinor: 1500,
      currency: "EUR",
      worksIn: "Spain",
      redemptionInstructions: "Open Steam › Redeem a code.",
    },
  },
  unlock: { unlock: { imei: "356938035643809" } },
  imeicheck: { imei: "356938035643809" },
};

/** An order of `product` paid, placed and fulfilled with `fulfillment` (sealed as the order core stores it). */
async function fulfilledOrder(
  product: ProductType,
  fulfillment: Record<string, unknown>,
  email = `${product}-${randomBytes(3).toString("hex")}@example.com`,
) {
  const id = randomBytes(6).toString("hex");
  const order = await t.db.order.create({
    data: {
      ref: `R${id.toUpperCase()}`,
      productType: product,
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
      detail: DETAILS[product] as object,
    },
  });
  await transition(t.db, { orderId: order.id, from: "awaiting_payment", to: "paid", source: "buyer" });
  await transition(t.db, { orderId: order.id, from: "paid", to: "placing", source: "worker" });
  await transition(t.db, {
    orderId: order.id,
    from: "placing",
    to: "fulfilled",
    source: "worker",
    patch: { fulfillment: sealFulfillment(fulfillment) },
  });
  return order;
}

async function deliveryRow(orderId: string) {
  return t.db.mailOutbox.findFirstOrThrow({ where: { orderId, kind: "delivery" } });
}

/** Sends the order's mails to the catcher and answers the delivery mail as the buyer receives it. */
async function receiveDelivery(order: { id: string; ref: string }): Promise<CaughtMail> {
  await deliverQueuedMail(t.db, { transport: smtpTransport(catcher.smtpUrl), from: "Shop <shop@example.com>" });
  const mails = await catcher.waitForMails(2);
  const delivery = mails.find((mail) => mail.subject === `Your order ${order.ref} is ready`);
  expect(delivery).toBeDefined();
  return delivery!;
}

describe("delivery mail", () => {
  it("eSIM: the inline QR image decodes to exactly the LPA string; SM-DP+, activation code, Apple's one-tap link and steps; sealed until sent", async () => {
    const order = await fulfilledOrder("esim", ESIM);
    const stored = await deliveryRow(order.id);
    expect(stored.sealed).toBe(true);
    for (const column of [stored.body, stored.html, stored.qrText]) expect(column).not.toContain("K2-1RT9JW-Q7A3ZP");

    const mail = await receiveDelivery(order);
    expect(mail.subject).toBe(`Your order ${order.ref} is ready`);
    // The HTML shows the inline image (MailDev's view turns its cid: into the image's data).
    expect(mail.html).toMatch(/<img src="[^"]+" width="240" height="240" alt="QR code of your eSIM/);
    const png = await catcher.inlineImage(mail, QR_CONTENT_ID);
    expect(png).not.toBeNull();
    expect(decodeQrPng(png!)).toBe(LPA);

    expect(mail.text).toContain("SM-DP+ address: smdp.example-esim.net");
    expect(mail.text).toContain("Activation code: K2-1RT9JW-Q7A3ZP");
    expect(mail.text).toContain(`Full activation code (LPA): ${LPA}`);
    expect(mail.text).toContain("ICCID: 8944500102198304826F");
    expect(mail.text).toContain(
      `Install on iPhone (iOS 17.4 or later): https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(LPA)}`,
    );
    expect(mail.text).toMatch(/iPhone\n1\. Connect to Wi-Fi\./);
    expect(mail.text).toMatch(/Android\n1\. Connect to Wi-Fi\./);
    expect(mail.text).toContain(orderLink(order));
    // Nothing from the supplier's own host: the QR is drawn by the shop, the link is Apple's.
    expect(`${mail.text}${mail.html}`).not.toContain("supplier.example.net");

    const sent = await deliveryRow(order.id);
    expect(sent).toMatchObject({ status: "sent", body: SENT_SEALED_NOTE, html: null, qrText: null });
  });

  it("gift card: by default the code stays on the order page (a reveal link), with where and how to redeem", async () => {
    const order = await fulfilledOrder("giftcard", {
      redemptionCode: "STEAM-SECRET-1234",
      redemptionUrl: "https://store.example.com/redeem?code=STEAM-SECRET-1234",
    });
    const stored = await deliveryRow(order.id);
    const mail = await receiveDelivery(order);
    expect(`${mail.text}${mail.html}`).not.toContain("STEAM-SECRET-1234");
    expect(mail.text).toContain(`Reveal your code: ${orderLink(order)}#delivery-heading`);
    expect(mail.text).toContain("Works in: Spain");
    expect(mail.text).toContain("How to redeem: Open Steam › Redeem a code.");
    // Nothing secret in it, so it is kept readable for staff.
    expect(stored.sealed).toBe(false);
  });

  it("gift card: with the staff setting on, the code is in the mail (never the supplier's redemption link), sealed at rest", async () => {
    // As staff's switch stores it (lib/admin/mail-settings.ts, tested with its audit there).
    await t.db.setting.create({ data: { key: GIFTCARD_CODES_IN_MAIL, value: "true" } });
    try {
      const order = await fulfilledOrder("giftcard", {
        redemptionCode: "STEAM-SECRET-5678",
        redemptionUrl: "https://store.example.com/redeem?code=STEAM-SECRET-5678",
      });
      const stored = await deliveryRow(order.id);
      expect(stored.sealed).toBe(true);
      expect(`${stored.body}${stored.html}`).not.toContain("STEAM-SECRET-5678");
      const mail = await receiveDelivery(order);
      expect(mail.text).toContain("Code: STEAM-SECRET-5678");
      expect(`${mail.text}${mail.html}`).not.toContain("store.example.com");
      expect((await deliveryRow(order.id)).body).toBe(SENT_SEALED_NOTE);
    } finally {
      await t.db.setting.deleteMany({ where: { key: GIFTCARD_CODES_IN_MAIL } });
    }
  });

  it("unlock: the instructions with the code, as paragraphs and numbered steps, sealed at rest", async () => {
    const order = await fulfilledOrder("unlock", {
      instructions: "Your unlock code: 84729351\n1. Insert a foreign SIM.\n2. Enter the code 84729351 when asked.",
    });
    expect((await deliveryRow(order.id)).sealed).toBe(true);
    const mail = await receiveDelivery(order);
    expect(mail.text).toContain("Your unlock code: 84729351");
    expect(mail.text).toMatch(/1\. Insert a foreign SIM\.\n2\. Enter the code 84729351 when asked\./);
    expect(mail.html).toContain("<ol");
  });

  it("IMEI check: the summary (device, blacklist), without the checking service's links", async () => {
    const order = await fulfilledOrder("imeicheck", {
      imeiCheck: {
        device: {
          imei: "356938035643809",
          tac: "35693803",
          brandName: "Apple",
          marketingName: "iPhone 13",
          modelName: "A2633",
          deviceType: "Smartphone",
          img: "",
        },
        errors: [],
        report: {
          blacklisted: true,
          history: [],
          blackList: [
            {
              country: "GB",
              networks: [
                { name: "EE", status: 1 },
                { name: "O2", status: 1 },
              ],
            },
          ],
          whiteList: [],
          reportUrl: "https://checker.example.net/r.pdf",
        },
        payment: { type: "F", desc: "" },
        extraInfo: [],
      },
    });
    const mail = await receiveDelivery(order);
    expect(mail.text).toContain("Device: Apple iPhone 13");
    expect(mail.text).toContain("Blacklist: Blacklisted: reported lost or stolen");
    expect(mail.text).toContain("Networks that block it: 2");
    expect(`${mail.text}${mail.html}`).not.toContain("checker.example.net");
  });

  it("top-up: the confirmation for the number", async () => {
    const order = await fulfilledOrder("topup", { deliveryStatus: "delivered" });
    const mail = await receiveDelivery(order);
    expect(mail.text).toContain("Your top-up to +44 7400 123456 is done. The operator confirmed the top-up");
    expect(mail.text).toContain("Operator: EE, United Kingdom");
  });
});
