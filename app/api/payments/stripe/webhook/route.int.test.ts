import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOrder } from "@/lib/orders/create";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { stubAppEnv } from "@/testing/app-env";
import { createStripeProvider } from "@/lib/payments/stripe/provider";

// A Stripe payment whose placement then fails is refunded (docs/security.md, finding 10; docs/orders.md
// "Refund after a failure"). With the order worker in another process, the route's process is
// the one that places the paid order; when the placement fails, the refund it owes is written
// with the failure, and the worker's refund step makes it once. This goes through the real route
// (POST), the app's own database and clients (pointed at the emulator), a signed Stripe event,
// and a stand-in for Stripe's API that records the refund.

const SECRET = "whsec_route_hooks_test_secret_0001";
let tb: OrderTestbed;
let fake: Server;
const refunds: string[] = [];

beforeAll(async () => {
  tb = await startOrderTestbed();
  stubAppEnv({ databaseUrl: tb.url, emulatorUrl: tb.emulatorUrl });
  vi.stubEnv("PAYMENT_PROVIDER", "stripe");
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_route_hooks");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
  fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
        res.end(JSON.stringify(value));
      };
      const session = /^\/v1\/checkout\/sessions\/(cs_[\w-]+)/.exec(req.url ?? "");
      if (req.method === "GET" && session)
        return json(200, {
          id: session[1],
          object: "checkout.session",
          status: "complete",
          url: null,
          payment_intent: `pi_for_${session[1]}`,
        });
      if (req.method === "POST" && req.url === "/v1/refunds") {
        refunds.push(body.get("payment_intent") ?? "");
        return json(200, {
          id: "re_1",
          object: "refund",
          status: "succeeded",
          payment_intent: body.get("payment_intent"),
        });
      }
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
  const provider = createStripeProvider(stripe, { appUrl: "https://shop.example.com/" });
  // Stripe's API is the stand-in above; everything else is the app's own code.
  vi.doMock("@/lib/payments/stripe/from-env", () => ({ stripeProviderFromEnv: () => provider }));
});

afterAll(async () => {
  vi.doUnmock("@/lib/payments/stripe/from-env");
  vi.unstubAllEnvs();
  await new Promise((resolve) => fake?.close(resolve));
  await tb?.close();
});

describe("POST /api/payments/stripe/webhook (worker in another process)", () => {
  it("refunds once a Stripe payment whose order the upstream then refuses", async () => {
    // A process that only takes webhooks: no order worker runs here.

    const [, , working] = await tb.eeAirtime();
    const quote = await quoteCommerceOrder(
      { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
      { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
    );
    const order = await createOrder(tb.db, {
      productType: "topup",
      submissionId: randomUUID(),
      customerEmail: "buyer@example.com",
      detail: quote.detail as Prisma.InputJsonValue,
      pricing: quote.pricing,
    });
    // The upstream will refuse this order outright (an unknown price token: a definite 4xx).
    await tb.db.order.update({
      where: { id: order.id },
      data: { detail: { ...(order.detail as object), priceToken: "tp_000000000000000000000000" } },
    });
    const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
    const payment = await tb.db.payment.create({
      data: {
        id: `pay_${randomUUID().replaceAll("-", "")}`,
        orderId: order.id,
        provider: "stripe",
        providerRef: sessionId,
        status: "pending",
        amount: order.retailAmount,
        currency: order.currency,
        expiresAt: new Date(Date.now() + 31 * 60_000),
      },
    });

    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "checkout.session.completed",
      api_version: "2026-01-01",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: payment.amount,
          currency: payment.currency.toLowerCase(),
          payment_status: "paid",
          status: "complete",
          payment_intent: `pi_${sessionId}`,
          metadata: { paymentId: payment.id },
        },
      },
    });
    const { POST } = await import("@/app/api/payments/stripe/webhook/route");
    const response = await POST(
      new Request("http://shop.test/api/payments/stripe/webhook", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        body: payload,
      }),
    );
    expect(response.status).toBe(200);

    // The placement runs right after the answer (fire-and-forget): wait for it to fail.
    await expect
      .poll(async () => (await tb.reload(order.id)).status, { timeout: 30_000, interval: 100 })
      .toBe("failed");
    // The refund it owes was written with the failure, for the worker (another process here).
    expect(await tb.db.refundTask.findUnique({ where: { orderId: order.id } })).toMatchObject({ status: "pending" });
    expect(refunds).toHaveLength(0);

    const { runRefundTasks } = await import("@/lib/payments/refund-tasks");
    expect(await runRefundTasks(tb.db, { runnerId: "worker-test" })).toMatchObject({ refunded: 1 });
    expect(await runRefundTasks(tb.db, { runnerId: "worker-test" })).toMatchObject({ refunded: 0 });
    expect((await tb.reload(order.id)).status).toBe("refunded");
    expect((await tb.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("refunded");
    expect(refunds).toHaveLength(1);
  });
});
