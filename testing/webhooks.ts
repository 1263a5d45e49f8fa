// Test support for the webhook receiver's *.int.test.ts files: the order testbed (real
// database, in-process emulator), the app's singletons pointed at it, and a small HTTP server
// at the shop's public address that hands every request the emulator delivers to the commerce
// route's own POST handler, with the shop subscribed to the emulator's order events. The route
// processes a receipt after its answer (outside Next, detached): `settled()` waits for that.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { vi } from "vitest";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";
import { randomUUID } from "node:crypto";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import { placeOrder } from "@/lib/orders/placement";
import { quoteCommerceOrder } from "@/lib/orders/quote";
import { startCheckoutWith } from "@/lib/payments/checkout";
import { sandboxProvider } from "@/lib/payments/sandbox";
import { markPaymentSucceeded } from "@/lib/payments/succeed";
import { startOrderTestbed, WORKING_UK_MOBILE, type OrderTestbed } from "@/testing/orders";
import { settleDetachedWork } from "@/lib/webhooks/after-answer";
import { forgetCommerceReceiverSettings } from "@/lib/webhooks/receiver-settings";
import { readCommerceWebhookSecret } from "@/lib/webhooks/settings";
import { ensureCommerceWebhook } from "@/lib/webhooks/subscription";

type RouteModule = typeof import("@/app/api/webhooks/commerce/route");
export type Delivery = {
  event_id: string;
  event_type: string;
  succeeded: boolean;
  status_code: number | null;
  request: { headers: Record<string, string>; body: string };
};

export const WEBHOOK_TEST_KEY = Buffer.alloc(32, 9).toString("base64");

export async function startWebhookTestbed() {
  const tb = await startOrderTestbed();
  const credentials = embeddedShopCredentials();
  vi.stubEnv("AUTH_SECRET", "a".repeat(40));
  vi.stubEnv("APP_ENCRYPTION_KEY", WEBHOOK_TEST_KEY);
  vi.stubEnv("DATABASE_URL", tb.url);
  vi.stubEnv("COMMERCE_API_URL", tb.emulatorUrl);
  vi.stubEnv("COMMERCE_API_KEY", credentials.commerceApiKey);
  vi.stubEnv("UNLOCK_API_URL", tb.emulatorUrl);
  vi.stubEnv("UNLOCK_SVC_KEY", credentials.unlockSvcKey);
  vi.stubEnv("UNLOCK_SVC_SECRET", credentials.unlockSvcSecret);
  const route: RouteModule = await import("@/app/api/webhooks/commerce/route");
  // The route's own database client: the receiver's settings are cached per client.
  const { db: appDb } = await import("@/lib/db");

  // The shop's public address as the emulator sees it: every request goes to the route handler.
  let receiverUrl = "";
  const receiver: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      void route
        .POST(new Request(`${receiverUrl}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }))
        .then(async (response) => {
          res.writeHead(response.status, { "content-type": "application/json" });
          res.end(await response.text());
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const ensured = await ensureCommerceWebhook(tb.db, {
    appUrl: receiverUrl,
    client: tb.clients.commerce,
    encryptionKey: WEBHOOK_TEST_KEY,
  });
  if (ensured.outcome !== "created") throw new Error(`expected a new subscription, got ${ensured.outcome}`);

  const secret = async (): Promise<string> => (await readCommerceWebhookSecret(tb.db, WEBHOOK_TEST_KEY))!;

  return {
    tb,
    route,
    receiverUrl,
    webhookId: ensured.webhookId,
    secret,
    /** A POST to the route handler, as a sender would make it. */
    post: (headers: Record<string, string>, body: BodyInit, init: RequestInit = {}) =>
      route.POST(new Request(`${receiverUrl}/api/webhooks/commerce`, { method: "POST", headers, body, ...init })),
    /** Resolves once every receipt the route took so far has been processed (its after-the-answer work). */
    settled: settleDetachedWork,
    /** Makes the route read its signing secret and connection again (as after RECEIVER_SETTINGS_TTL_MS). */
    forgetSettings: () => forgetCommerceReceiverSettings(appDb),
    /** What the emulator delivered (its delivery log), optionally filtered by a query string. */
    deliveries: async (query = ""): Promise<Delivery[]> =>
      (await tb.control<{ deliveries: Delivery[] }>("GET", `/commerce/deliveries${query}`)).deliveries,
    /** Signs `body` as the upstream does, at `at` (the shop's own secret, opened from the database). */
    signed: async (eventId: string, body: string, at = new Date()): Promise<Record<string, string>> => ({
      "content-type": "application/json",
      "webhook-id": eventId,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(await secret()).sign(eventId, at, body),
    }),
    close: async () => {
      vi.unstubAllEnvs();
      await new Promise((resolve) => receiver.close(resolve));
      await tb.close();
    },
  };
}

export type WebhookTestbed = Awaited<ReturnType<typeof startWebhookTestbed>>;

/** Polls `read` until it gives something truthy (deliveries arrive in the background). */
export async function eventually<T>(
  read: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A top-up quoted (C§1: PRO previews first), ordered, paid in the sandbox and placed with the emulator (credits). */
export async function placedTopup(tb: OrderTestbed, customerEmail: string): Promise<Order> {
  const [, , working] = await tb.eeAirtime();
  const quote = await quoteCommerceOrder(
    { type: "topup", priceToken: working!.token, phone: WORKING_UK_MOBILE },
    { db: tb.db, commerce: tb.clients.commerce, mode: "credits" },
  );
  const order = await createOrder(tb.db, {
    productType: "topup",
    submissionId: randomUUID(),
    customerEmail,
    detail: quote.detail as Prisma.InputJsonValue,
    pricing: quote.pricing,
  });
  const { paymentId } = await startCheckoutWith(tb.db, order.id, {
    provider: sandboxProvider,
    lifetimeMs: 30 * 60_000,
  });
  const paid = await markPaymentSucceeded(tb.db, paymentId!, {
    source: "buyer",
    afterPaid: async (db, id, by) => {
      await placeOrder(db, id, { ...by, clients: tb.clients });
    },
  });
  if (paid.outcome !== "paid") throw new Error(`not paid: ${paid.outcome}`);
  await paid.placement;
  return tb.reload(order.id);
}
