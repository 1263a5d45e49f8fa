import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };
import { resetPasswordMail, verifyEmailMail, emailChangedMail } from "@/lib/account/account-mails";
import { transition } from "@/lib/orders/lifecycle";
import { sealFulfillment } from "@/lib/orders/sealed-fulfillment";
import { startMailCatcher, type MailCatcher } from "@/testing/mail-catcher";
import { deliverQueuedMail } from "./delivery";
import { smtpTransport } from "./transport";

// A buyer's mails are written in the language they bought or signed up in (Order.locale,
// User.locale): subjects, words, money and the links back, which open the pages in that language.
// "No English left" is checked against the catalog: no English mail sentence may appear in a
// Spanish mail.

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

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === "string" ? [value] : leaves(value)));
}
/** The English mail texts long enough to be sentences, cut at their first argument. */
const ENGLISH_SENTENCES = leaves(en.Mail as Tree)
  .map((message) => message.split("{")[0]!.trim())
  .filter((text) => text.split(" ").length >= 3);

function expectNoEnglish(text: string, what: string): void {
  expect(
    ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence)),
    what,
  ).toEqual([]);
}

const LPA = "LPA:1$smdp.example-esim.net$K2-1RT9JW-Q7A3ZP$1.3.6.1.4.1.31746";
const FULFILLMENT: Record<ProductType, Record<string, unknown>> = {
  topup: { deliveryStatus: "delivered" },
  esim: { iccid: "8944500102198304826F", lpaString: LPA },
  giftcard: { redemptionCode: "STEAM-SECRET-CODE-1234" },
  unlock: { instructions: "Enter the code 12345678 when the phone asks for it." },
  imeicheck: {},
};
const DETAILS: Record<ProductType, unknown> = {
  topup: {
    phone: "+447400123456",
    smsNotification: false,
    product: { name: "15 GBP Airtime", operator_name: "EE", country_iso: "GB", service_type: "airtime" },
  },
  esim: { esim: { destinationCode: "eu", destinationName: "Europe", unlimited: false, dataGb: 3, validityDays: 15 } },
  giftcard: { giftcard: { brandName: "Steam", faceValueMinor: 1500, currency: "EUR" } },
  unlock: { unlock: { imei: "356938035643809" } },
  imeicheck: { imei: "356938035643809" },
};

async function order(product: ProductType, locale: string) {
  const id = randomBytes(6).toString("hex");
  return t.db.order.create({
    data: {
      ref: `R${id.toUpperCase()}`,
      productType: product,
      idempotencyKey: `k_${id}`,
      customerEmail: `${product}-${locale}-${id}@example.com`,
      locale,
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
}

async function fulfil(orderId: string, product: ProductType) {
  await transition(t.db, { orderId, from: "awaiting_payment", to: "paid", source: "buyer" });
  await transition(t.db, { orderId, from: "paid", to: "placing", source: "worker" });
  await transition(t.db, {
    orderId,
    from: "placing",
    to: "fulfilled",
    source: "worker",
    patch: { fulfillment: sealFulfillment(FULFILLMENT[product]) },
  });
}

const mailsOf = (orderId: string) => t.db.mailOutbox.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });

describe("mail in the buyer's language", () => {
  it("a Spanish order's receipt arrives in Spanish: subject, words, money as Spain writes it, and the Spanish order page", async () => {
    catcher.clear();
    const spanish = await order("giftcard", "es");
    await transition(t.db, { orderId: spanish.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    const [receipt] = await mailsOf(spanish.id);
    await deliverQueuedMail(
      t.db,
      { transport: smtpTransport(catcher.smtpUrl), from: "Shop <shop@example.com>" },
      { ids: [receipt!.id] },
    );
    const [received] = await catcher.waitForMails(1);
    expect(received!.subject).toBe(es.Mail.receipt.subject.replace("{ref}", spanish.ref));
    expect(received!.html).toContain('<html lang="es">');
    expect(received!.html).toContain(es.Mail.receipt.heading);
    expect(received!.text).toContain(`${es.Mail.price.totalPaid}: 16,49\u00a0€`);
    expect(received!.text).toMatch(new RegExp(`https?://[^/]+/es/orders/${spanish.ref}\\b`));
    expect(received!.text).not.toMatch(new RegExp(`https?://[^/]+/orders/${spanish.ref}\\b`));
    expectNoEnglish(received!.text ?? "", "receipt text");
    expectNoEnglish(received!.html ?? "", "receipt html");
  });

  it("the same order in English is written in English", async () => {
    const english = await order("giftcard", "en");
    await transition(t.db, { orderId: english.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    const [receipt] = await mailsOf(english.id);
    expect(receipt!.subject).toBe(`Your receipt for order ${english.ref}`);
    expect(receipt!.html).toContain('<html lang="en">');
    expect(receipt!.body).toContain("Total paid: €16.49");
    expect(receipt!.body).toMatch(new RegExp(`https?://[^/]+/orders/${english.ref}\\b`));
  });

  it("every product's delivery mail, and the refund notice, arrive in Spanish for a Spanish order", async () => {
    for (const product of ["topup", "esim", "giftcard", "unlock", "imeicheck"] as const) {
      const spanish = await order(product, "es");
      await fulfil(spanish.id, product);
      const delivery = (await mailsOf(spanish.id)).find((mail) => mail.kind === "delivery");
      expect(delivery, product).toBeDefined();
      // Sealed mails (codes, eSIM) hold their body sealed until sent: send and read it.
      catcher.clear();
      await deliverQueuedMail(
        t.db,
        { transport: smtpTransport(catcher.smtpUrl), from: "Shop <shop@example.com>" },
        { ids: [delivery!.id] },
      );
      const [received] = await catcher.waitForMails(1);
      expect(received!.subject, product).toBe(es.Mail.delivery.subject.replace("{ref}", spanish.ref));
      expect(received!.html, product).toContain(es.Mail.delivery.heading[product]);
      expect(received!.html, product).toContain('<html lang="es">');
      expectNoEnglish(received!.text ?? "", `${product} delivery`);
    }
    const refunded = await order("topup", "es");
    await transition(t.db, { orderId: refunded.id, from: "awaiting_payment", to: "paid", source: "buyer" });
    await transition(t.db, { orderId: refunded.id, from: "paid", to: "refunded", source: "staff" });
    const notice = (await mailsOf(refunded.id)).find((mail) => mail.kind === "refunded");
    expect(notice?.subject).toBe(es.Mail.refunded.subject.replace("{ref}", refunded.ref));
    expect(notice!.body).toContain("16,49\u00a0€");
    expectNoEnglish(notice!.body, "refund notice");
  });

  it("account mails follow the account's language, with links to the Spanish pages", () => {
    const until = new Date("2026-11-27T12:00:00Z");
    for (const mail of [
      verifyEmailMail("tok", until, false, "es"),
      verifyEmailMail("tok", until, true, "es"),
      resetPasswordMail("tok", until, "es"),
      emailChangedMail("new@example.com", "es"),
    ]) {
      expect(mail.html).toContain('<html lang="es">');
      expectNoEnglish(mail.body, mail.subject);
    }
    expect(verifyEmailMail("tok", until, false, "es").body).toMatch(
      /https?:\/\/[^/]+\/es\/account\/verify-email\/tok\b/,
    );
    expect(resetPasswordMail("tok", until, "es").body).toMatch(/https?:\/\/[^/]+\/es\/account\/reset-password\/tok\b/);
    expect(resetPasswordMail("tok", until, "en").body).toMatch(/https?:\/\/[^/]+\/account\/reset-password\/tok\b/);
  });
});
