import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startCheckoutWith } from "../checkout";
import type { ProviderLookup } from "../providers";
import { orderAwaitingPayment, placementRecorder } from "../testing";
import { createStripeProvider } from "./provider";
import { settleDetachedWork, type AfterAnswer } from "@/lib/webhooks/after-answer";
import { handleStripeWebhook } from "./webhook";

// The Stripe provider without Stripe: webhooks are signed with the package's own
// `generateTestHeaderString` and checked by `constructEvent`; the three API calls the shop
// makes (create and read a Checkout Session, create a refund) go to a small local stand-in
// server, so the test sees exactly what the shop would send. Nothing reaches Stripe.

const SECRET = "whsec_test_secret_for_the_shop_0001";
let t: TestDatabase;
let fake: Server;
const sent: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> = [];
let provider: ReturnType<typeof createStripeProvider>;
const providers: ProviderLookup = async () => provider;

beforeAll(async () => {
  t = await createTestDatabase();
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      sent.push({
        method: req.method!,
        path: req.url!,
        body,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
        res.end(JSON.stringify(value));
      };
      const session = /^\/v1\/checkout\/sessions\/(cs_[\w-]+)/.exec(req.url ?? "");
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const id = `cs_test_${body.get("metadata[paymentId]")!.slice(4)}`;
        return json(200, {
          id,
          object: "checkout.session",
          status: "open",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_intent: null,
        });
      }
      if (req.method === "GET" && session)
        return json(200, {
          id: session[1],
          object: "checkout.session",
          status: "complete",
          url: null,
          payment_intent: `pi_for_${session[1]}`,
        });
      if (req.method === "POST" && req.url === "/v1/refunds")
        return json(200, {
          id: "re_1",
          object: "refund",
          status: "succeeded",
          payment_intent: body.get("payment_intent"),
        });
      json(404, { error: { type: "invalid_request_error", message: `no fake for ${req.method} ${req.url}` } });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const stripe = new Stripe("sk_test_fake", {
    host: "127.0.0.1",
    port: (fake.address() as AddressInfo).port,
    protocol: "http",
    maxNetworkRetries: 0,
  });
  provider = createStripeProvider(stripe, { appUrl: "https://shop.example.com/" });
});
afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve));
  await t.cleanup();
});

/** A Stripe event about a Checkout Session, as Stripe would send it. */
function sessionEvent(
  type: string,
  session: { id: string; paymentId: string; amount: number; currency?: string; paymentStatus?: string },
  eventId = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type,
    api_version: "2026-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        amount_total: session.amount,
        currency: session.currency ?? "eur",
        payment_status: session.paymentStatus ?? "paid",
        status: type === "checkout.session.expired" ? "expired" : "complete",
        metadata: { paymentId: session.paymentId },
      },
    },
  });
}

/** A delivery and its answer; resolves once the processing after the answer is done too. */
async function deliver(
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const header =
    options.signature === null
      ? null
      : (options.signature ??
        Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? SECRET,
          timestamp: options.timestamp,
        }));
  const headers = new Headers({ "content-type": "application/json" });
  if (header) headers.set("stripe-signature", header);
  const afterTheAnswer: Promise<unknown>[] = [];
  const afterAnswer: AfterAnswer = (task) => void afterTheAnswer.push(task());
  const answer = await handleStripeWebhook(t.db, {
    rawBody: payload,
    headers,
    secret: SECRET,
    afterAnswer,
    deps: { afterPaid: recorder.afterPaid, providers },
  });
  await Promise.all(afterTheAnswer);
  return answer;
}

const recorder = placementRecorder();

async function stripeCheckout() {
  const order = await orderAwaitingPayment(t.db, { totalMinor: 2399 });
  const start = await startCheckoutWith(t.db, order.id, { provider, lifetimeMs: 30 * 60_000 });
  const payment = await t.db.payment.findUniqueOrThrow({ where: { id: start.paymentId! } });
  return {
    order,
    start,
    payment,
    session: { id: payment.providerRef!, paymentId: payment.id, amount: payment.amount },
  };
}

describe("Stripe Checkout Session", () => {
  it("is created for the order's total with the order and payment in metadata, return URLs from APP_URL and an idempotency key", async () => {
    const { order, start, payment } = await stripeCheckout();
    expect(start.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${payment.providerRef}`);
    expect(payment.providerRef).toMatch(/^cs_test_/);
    const request = sent.find(
      (r) => r.path === "/v1/checkout/sessions" && r.body.get("metadata[paymentId]") === payment.id,
    )!;
    expect(request.idempotencyKey).toBe(`checkout-${payment.id}`);
    expect(Object.fromEntries(request.body)).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "eur",
      "line_items[0][price_data][unit_amount]": "2399",
      "line_items[0][quantity]": "1",
      "metadata[orderId]": order.id,
      client_reference_id: order.id,
      success_url: `https://shop.example.com/orders/${order.ref}?payment=done`,
      cancel_url: `https://shop.example.com/orders/${order.ref}?payment=cancelled`,
      expires_at: String(Math.floor(payment.expiresAt!.getTime() / 1000)),
    });
    // Stripe needs at least 30 minutes: the attempt lives a little longer than that.
    expect(payment.expiresAt!.getTime() - payment.createdAt.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
  });
});

describe("Stripe webhook", () => {
  it("a signed checkout.session.completed pays the order once; the same event again is a 200 no-op", async () => {
    const { order, payment, session } = await stripeCheckout();
    const payload = sessionEvent("checkout.session.completed", session, "evt_paid_1");
    const first = await deliver(payload);
    expect(first).toEqual({ status: 200, body: { received: true } });
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("succeeded");
    const paid = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect(paid.status).toBe("paid");
    expect(paid.events.find((e) => e.toStatus === "paid")).toMatchObject({ source: "webhook", actor: "evt_paid_1" });
    expect(recorder.calls.filter((id) => id === order.id)).toHaveLength(1);

    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const receipts = await t.db.webhookReceipt.findMany({ where: { provider: "stripe", rawBody: payload } });
    expect(receipts.map((r) => r.status).sort()).toEqual(["duplicate", "processed"]);
    expect(receipts.find((r) => r.status === "processed")).toMatchObject({
      eventId: "evt_paid_1",
      eventType: "checkout.session.completed",
      verified: true,
    });
    expect(recorder.calls.filter((id) => id === order.id)).toHaveLength(1);
  });

  it("a forged signature is answered 401 and recorded as rejected; the payment stays pending", async () => {
    const { payment, session } = await stripeCheckout();
    const payload = sessionEvent("checkout.session.completed", session);
    const forged = await deliver(payload, { secret: "whsec_someone_else" });
    expect(forged).toMatchObject({ status: 401, body: { error: { code: "invalid_signature" } } });
    // A real signature on other bytes does not pass either.
    const tampered = await deliver(payload.replace('"amount_total":2399', '"amount_total":1'), {
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    });
    expect(tampered.status).toBe(401);
    const rejected = await t.db.webhookReceipt.findMany({ where: { provider: "stripe", status: "rejected" } });
    expect(rejected.length).toBeGreaterThanOrEqual(2);
    expect(rejected.every((r) => r.eventId === null && !r.verified)).toBe(true);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
  });

  it("a stale or missing signature is answered 400 and recorded as rejected", async () => {
    const { payment, session } = await stripeCheckout();
    const payload = sessionEvent("checkout.session.completed", session);
    const stale = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale).toMatchObject({ status: 400, body: { error: { code: "stale_timestamp" } } });
    const future = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect(future).toMatchObject({ status: 400, body: { error: { code: "future_timestamp" } } });
    const missing = await deliver(payload, { signature: null });
    expect(missing).toMatchObject({ status: 400, body: { error: { code: "missing_signature" } } });
    expect(
      await t.db.webhookReceipt.count({ where: { provider: "stripe", rawBody: payload, status: "rejected" } }),
    ).toBe(3);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
  });

  it("checkout.session.expired lapses the attempt and cancels the order", async () => {
    const { order, payment, session } = await stripeCheckout();
    expect((await deliver(sessionEvent("checkout.session.expired", session))).status).toBe(200);
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("expired");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("cancelled");
  });

  it("a completed session for an amount the shop did not ask for is not accepted: the receipt fails for staff", async () => {
    const { order, payment, session } = await stripeCheckout();
    const answer = await deliver(
      sessionEvent("checkout.session.completed", { ...session, amount: 1 }, "evt_wrong_amount"),
    );
    // Stored, so acknowledged; the refusal happens when it is processed, after the answer.
    expect(answer).toEqual({ status: 200, body: { received: true } });
    const receipt = await t.db.webhookReceipt.findUniqueOrThrow({
      where: { provider_eventId: { provider: "stripe", eventId: "evt_wrong_amount" } },
    });
    expect(receipt.status).toBe("failed");
    expect(receipt.error).toContain("expected 2399");
    expect((await t.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("pending");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("awaiting_payment");
  });

  it("a second Stripe payment for an order already paid is refunded through Stripe, once", async () => {
    const first = await stripeCheckout();
    // A second tab opened its own session just before the first was paid.
    await t.db.payment.update({ where: { id: first.payment.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    const second = await startCheckoutWith(t.db, first.order.id, { provider, lifetimeMs: 30 * 60_000 });
    const secondPayment = await t.db.payment.findUniqueOrThrow({ where: { id: second.paymentId! } });
    expect(secondPayment.id).not.toBe(first.payment.id);

    await deliver(sessionEvent("checkout.session.completed", first.session));
    await deliver(
      sessionEvent("checkout.session.completed", {
        id: secondPayment.providerRef!,
        paymentId: secondPayment.id,
        amount: secondPayment.amount,
      }),
    );
    const refunds = sent.filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toBe(`refund-${secondPayment.id}`);
    expect(refunds[0]!.body.get("payment_intent")).toBe(`pi_for_${secondPayment.providerRef}`);
    const statuses = await t.db.payment.findMany({ where: { orderId: first.order.id }, orderBy: { createdAt: "asc" } });
    expect(statuses.map((p) => p.status)).toEqual(["succeeded", "refunded"]);
    expect(await t.db.orderEvent.count({ where: { orderId: first.order.id, toStatus: "paid" } })).toBe(1);
  });

  it("events for sessions that are not this shop's, and other event types, are processed with a note", async () => {
    const stranger = sessionEvent(
      "checkout.session.completed",
      { id: "cs_test_stranger", paymentId: "pay_000000000000000000000000", amount: 100 },
      "evt_stranger",
    );
    expect((await deliver(stranger)).status).toBe(200);
    expect((await t.db.webhookReceipt.findFirstOrThrow({ where: { eventId: "evt_stranger" } })).error).toContain(
      "not a payment of this shop",
    );
    const other = JSON.stringify({
      id: "evt_other",
      object: "event",
      type: "customer.created",
      data: { object: { id: "cus_1", object: "customer" } },
    });
    expect((await deliver(other)).status).toBe(200);
    expect(await t.db.webhookReceipt.findFirstOrThrow({ where: { eventId: "evt_other" } })).toMatchObject({
      status: "processed",
    });
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("verifies with STRIPE_WEBHOOK_SECRET on the raw body and answers JSON", async () => {
    vi.stubEnv("AUTH_SECRET", "a".repeat(40));
    vi.stubEnv("APP_ENCRYPTION_KEY", Buffer.alloc(32, 1).toString("base64"));
    vi.stubEnv("DATABASE_URL", t.url);
    vi.stubEnv("PAYMENT_PROVIDER", "stripe");
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_fake");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
    try {
      const { POST } = await import("@/app/api/payments/stripe/webhook/route");
      const payload = sessionEvent(
        "checkout.session.completed",
        { id: "cs_test_route", paymentId: "pay_111111111111111111111111", amount: 100 },
        "evt_route_1",
      );
      const request = (signature: string) =>
        new Request("http://localhost/api/payments/stripe/webhook", {
          method: "POST",
          headers: { "stripe-signature": signature },
          body: payload,
        });
      const forged = await POST(request(Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" })));
      expect(forged.status).toBe(401);
      expect(await forged.json()).toMatchObject({ error: { code: "invalid_signature" } });
      const good = await POST(request(Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })));
      expect(good.status).toBe(200);
      expect(await good.json()).toEqual({ received: true });
      // Outside Next the route's after-the-answer work runs detached: wait for it.
      await settleDetachedWork();
      expect(await t.db.webhookReceipt.findFirstOrThrow({ where: { eventId: "evt_route_1" } })).toMatchObject({
        provider: "stripe",
        status: "processed",
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
