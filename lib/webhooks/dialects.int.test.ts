import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runWorkerOnce } from "@/lib/orders/worker";
import type { TokenStore } from "@/lib/upstream/commerce/auth";
import { createCommerceClient } from "@/lib/upstream/commerce/client";
import { type OrderTestbed } from "@/testing/orders";
import {
  eventually,
  placedTopup as placedTopupFor,
  startWebhookTestbed,
  WEBHOOK_TEST_KEY,
  type Delivery,
  type WebhookTestbed,
} from "@/testing/webhooks";
import { readWebhookRefusal, refusalText } from "./refusal";
import { readCommerceWebhookSecret, WEBHOOK_SETTINGS } from "./settings";
import { ensureCommerceWebhook } from "./subscription";

// The shop's order events on both readings of the contract (docs/upstream-contract.md): the
// emulator's documented dialect sends C§6's literal payload (the order, with the event kind under
// `event`) and the signing secret under `signing_secret`, and accepts only https receivers (C§2).
// The shop processes the literal payload when it is delivered, and when the upstream refuses its
// receiver (an http APP_URL) or the connection lacks the webhook scopes, it records why, does not
// ask again for the same connection, and the order worker's polling follows the orders.

let wt: WebhookTestbed;
let tb: OrderTestbed;

beforeAll(async () => {
  wt = await startWebhookTestbed();
  tb = wt.tb;
});
afterAll(async () => {
  await wt?.close();
});

/** Forgets the shop's subscription here and upstream, so the next ensure starts from nothing. */
async function forgetSubscription() {
  for (const hook of await tb.clients.commerce.listWebhooks()) await tb.clients.commerce.deleteWebhook(hook.id);
  await tb.db.setting.deleteMany({ where: { key: { startsWith: "commerce.webhook." } } });
  await wt.forgetSettings();
}

beforeEach(async () => {
  await forgetSubscription();
  await tb.control("PATCH", "/config", { dialect: "documented", allowLoopbackHttpWebhooks: false });
});
afterAll(async () => {
  await tb.control("PATCH", "/config", { dialect: "observed", allowLoopbackHttpWebhooks: true });
});

const ensure = (client = tb.clients.commerce, grant: { scope: string; connectedAt: string } | null = null) =>
  ensureCommerceWebhook(tb.db, { appUrl: wt.receiverUrl, client, encryptionKey: WEBHOOK_TEST_KEY, grant });
const webhookPosts = async () => (await tb.counters())["POST /v2/webhooks"] ?? 0;

const placedTopup = () => placedTopupFor(tb, "dialect@example.com");

describe("documented dialect, receiver allowed (loopback http switched on explicitly)", () => {
  it("stores the secret from signing_secret and processes the literal payload: the webhook brings the order to fulfilled", async () => {
    await tb.control("PATCH", "/config", { allowLoopbackHttpWebhooks: true });
    expect(await ensure()).toMatchObject({ outcome: "created" });
    expect(await readCommerceWebhookSecret(tb.db, WEBHOOK_TEST_KEY)).toMatch(/^whsec_/);
    expect(await readWebhookRefusal(tb.db)).toBeNull();

    const order = await placedTopup();
    expect(order).toMatchObject({ status: "placed", upstreamOrderId: expect.any(String) });
    await tb.advanceClock(5_000);
    const delivery = await eventually(
      async () =>
        (await wt.deliveries()).find(
          (d: Delivery) =>
            d.succeeded &&
            JSON.parse(d.request.body).event === "order.fulfilled" &&
            JSON.parse(d.request.body).order_id === order.upstreamOrderId,
        ),
      "the literal order.fulfilled delivery",
    );
    expect(JSON.parse(delivery.request.body)).toMatchObject({ event: "order.fulfilled", type: "topup" });
    await wt.settled();

    const receipt = await tb.db.webhookReceipt.findUniqueOrThrow({
      where: { provider_eventId: { provider: "commerce", eventId: delivery.event_id } },
    });
    expect(receipt).toMatchObject({ verified: true, status: "processed", eventType: "order.fulfilled", error: null });
    expect(await tb.reload(order.id)).toMatchObject({ status: "fulfilled", upstreamStatus: "fulfilled" });
    const events = await tb.events(order.id);
    expect(events.find((e) => e.toStatus === "fulfilled")).toMatchObject({
      source: "webhook",
      actor: delivery.event_id,
    });
  });
});

describe("documented dialect, http receiver refused (C§2: HTTPS only)", () => {
  it("records the refusal for staff, does not ask again for the same connection, and polling follows the order", async () => {
    const posts = await webhookPosts();
    const first = await ensure();
    expect(first).toMatchObject({
      outcome: "refused",
      remembered: false,
      refusal: { reason: "url", code: "WEBHOOK_URL_NOT_HTTPS", url: `${wt.receiverUrl}/api/webhooks/commerce` },
    });
    expect(await webhookPosts()).toBe(posts + 1);
    const stored = await readWebhookRefusal(tb.db);
    expect(refusalText(stored!)).toBe(
      `Order events off: the supplier refuses the shop's receiver address ${wt.receiverUrl}/api/webhooks/commerce (it accepts https:// addresses only); orders are followed by polling.`,
    );

    // The next start: remembered, not asked again.
    expect(await ensure()).toMatchObject({ outcome: "refused", remembered: true });
    expect(await webhookPosts()).toBe(posts + 1);
    expect(await tb.db.setting.findUnique({ where: { key: WEBHOOK_SETTINGS.id } })).toBeNull();

    const order = await placedTopup();
    await tb.advanceClock(5_000);
    const later = new Date(Date.now() + 10 * 60_000);
    await runWorkerOnce(tb.db, {
      workerId: "poller",
      now: later,
      clients: tb.clients,
    });
    expect(await tb.reload(order.id)).toMatchObject({ status: "fulfilled" });
    expect((await tb.events(order.id)).find((e) => e.toStatus === "fulfilled")?.source).toBe("worker");
    expect((await wt.deliveries()).filter((d) => d.request.body.includes(`"${order.upstreamOrderId}"`))).toEqual([]);
  });

  it("asks again once the receiver address changes (another APP_URL)", async () => {
    await ensure();
    const posts = await webhookPosts();
    const moved = await ensureCommerceWebhook(tb.db, {
      appUrl: "https://shop.example.com",
      client: tb.clients.commerce,
      encryptionKey: WEBHOOK_TEST_KEY,
    });
    expect(moved).toMatchObject({ outcome: "created", url: "https://shop.example.com/api/webhooks/commerce" });
    expect(await webhookPosts()).toBe(posts + 1);
    expect(await readWebhookRefusal(tb.db)).toBeNull();
  });
});

describe("an OAuth connection without the webhook scopes (C§5)", () => {
  const NARROW = "orders:read orders:write balance:read";

  /** A commerce client on an OAuth access token the emulator issued for `scope` (no refresh needed here). */
  async function oauthClient(scope: string) {
    const issued = await tb.control<{ access_token: string }>("POST", "/oauth/tokens", {
      email: "pro@emulator.test",
      scope,
      environment: "sandbox",
    });
    const tokens: TokenStore = {
      getAccessToken: async () => issued.access_token,
      refresh: async () => issued.access_token,
      markReconnectNeeded: async () => {},
      identity: async () => ({ account: "acct_shop", environment: "sandbox" }),
    } as TokenStore;
    return createCommerceClient({
      baseUrl: tb.emulatorUrl,
      auth: { kind: "oauth", tokens },
      policy: { baseDelayMs: 1, maxDelayMs: 5 },
    });
  }

  it("a grant whose scope lacks them is not sent to POST /webhooks at all, and staff are told", async () => {
    const posts = await webhookPosts();
    const result = await ensure(await oauthClient(NARROW), { scope: NARROW, connectedAt: "2026-11-28T10:00:00.000Z" });
    expect(result).toMatchObject({ outcome: "refused", refusal: { reason: "scope" } });
    expect(await webhookPosts()).toBe(posts);
    expect(refusalText((await readWebhookRefusal(tb.db))!)).toBe(
      "Order events off: this connection cannot manage webhooks; orders are followed by polling.",
    );
  });

  it("a 403 insufficient_scope is remembered and not retried until the grant changes", async () => {
    await tb.control("PATCH", "/config", { allowLoopbackHttpWebhooks: true });
    const client = await oauthClient(NARROW);
    // The stored grant claims the scopes, the server says otherwise: its 403 decides.
    const claimed = { scope: `${NARROW} webhooks:read webhooks:write`, connectedAt: "2026-11-28T10:00:00.000Z" };
    const first = await ensure(client, claimed);
    expect(first).toMatchObject({
      outcome: "refused",
      remembered: false,
      refusal: { reason: "scope", code: "insufficient_scope" },
    });
    const posts = await webhookPosts();
    expect(await ensure(client, claimed)).toMatchObject({ outcome: "refused", remembered: true });
    expect(await webhookPosts()).toBe(posts);

    // Reconnected with the webhook scopes (a new grant): asked again, and subscribed.
    const wide = `${NARROW} webhooks:read webhooks:write`;
    expect(
      await ensure(await oauthClient(wide), { scope: wide, connectedAt: "2026-11-28T11:00:00.000Z" }),
    ).toMatchObject({ outcome: "created" });
    expect(await readWebhookRefusal(tb.db)).toBeNull();
  });
});
