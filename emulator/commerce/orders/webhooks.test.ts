import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../app";
import { GB_PHONE, TOKENS } from "./test-support/fake-catalog";
import { AUTH, control, FULFILMENT_MS, startOrdersEmulator, v2, waitFor, type Json } from "./test-support/harness";
import { startReceiver } from "./test-support/receiver";
import { WEBHOOK_HEADERS } from "./webhook-signing";

// Spec sections 2, 4, 6 and 8: webhook subscriptions (PRO only, HTTPS, at most 5), and
// signed deliveries of order.created / order.fulfilled / order.failed with retries.

let emu: RunningEmulator;
let api: ReturnType<typeof v2>;
let ctl: ReturnType<typeof control>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  emu = await startOrdersEmulator();
  api = v2(emu.url);
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await ctl.reset();
  receiver = await startReceiver([200]);
});
afterEach(() => receiver.close());

const topupBody = { price_token: TOKENS.topup, phone: GB_PHONE };
const ALL_EVENTS = ["order.created", "order.fulfilled", "order.failed"];

async function subscribe(events = ALL_EVENTS, url = receiver.url, auth = AUTH.shopLive) {
  const res = await api.post("/webhooks", { url, events }, auth);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; secret: string; url: string; events: string[]; status: string };
}

const headersOf = (received: { headers: Record<string, string | string[] | undefined> }) =>
  Object.fromEntries(Object.entries(received.headers).map(([k, v]) => [k, String(v)]));

describe("§4 webhook subscriptions", () => {
  it("§2 POST /webhooks returns the signing secret once (whsec_<base64>); GET never shows it", async () => {
    const hook = await subscribe();
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(hook).toMatchObject({ url: receiver.url, events: ALL_EVENTS, status: "active" });
    const one = await api.get(`/webhooks/${hook.id}`, AUTH.shopLive);
    expect(one.status).toBe(200);
    expect(one.body.data.secret).toBeUndefined();
    expect(one.text).not.toContain(hook.secret);
    const list = await api.get("/webhooks", AUTH.shopLive);
    expect(list.body.data.map((h: Json) => h.id)).toEqual([hook.id]);
    expect(list.text).not.toContain(hook.secret);
  });

  it("§4 PATCH updates url, events and status; DELETE removes it", async () => {
    const hook = await subscribe();
    const patched = await api.patch(
      `/webhooks/${hook.id}`,
      { url: "https://shop.example/hooks", events: ["order.failed"], status: "disabled" },
      AUTH.shopLive,
    );
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      url: "https://shop.example/hooks",
      events: ["order.failed"],
      status: "disabled",
    });
    expect((await api.patch(`/webhooks/${hook.id}`, {}, AUTH.shopLive)).status).toBe(422);
    expect((await api.patch(`/webhooks/${hook.id}`, { status: "paused" }, AUTH.shopLive)).status).toBe(422);
    const deleted = await api.del(`/webhooks/${hook.id}`, AUTH.shopLive);
    expect(deleted.status).toBe(200);
    const gone = await api.get(`/webhooks/${hook.id}`, AUTH.shopLive);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("WEBHOOK_NOT_FOUND");
  });

  it("§2 the URL must be HTTPS; plain http only to a loopback host while the sandbox switch allows it", async () => {
    const bad = await api.post("/webhooks", { url: "http://shop.example/hooks", events: ALL_EVENTS }, AUTH.shopLive);
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("WEBHOOK_URL_NOT_HTTPS");
    expect(
      (await api.post("/webhooks", { url: "ftp://127.0.0.1/x", events: ALL_EVENTS }, AUTH.shopLive)).body.error.code,
    ).toBe("WEBHOOK_URL_NOT_HTTPS");
    expect((await api.post("/webhooks", { url: "not a url", events: ALL_EVENTS }, AUTH.shopLive)).body.error.code).toBe(
      "VALIDATION_ERROR",
    );
    await ctl.config({ allowLoopbackHttpWebhooks: false });
    try {
      const loopback = await api.post("/webhooks", { url: receiver.url, events: ALL_EVENTS }, AUTH.shopLive);
      expect(loopback.body.error.code).toBe("WEBHOOK_URL_NOT_HTTPS");
      expect(
        (await api.post("/webhooks", { url: "https://shop.example/hooks", events: ALL_EVENTS }, AUTH.shopLive)).status,
      ).toBe(201);
    } finally {
      await ctl.config({ allowLoopbackHttpWebhooks: true });
    }
  });

  it("§6 events are a subset of order.created, order.fulfilled, order.failed (order.completed is read as order.fulfilled)", async () => {
    const unknown = await api.post("/webhooks", { url: receiver.url, events: ["order.shipped"] }, AUTH.shopLive);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe("VALIDATION_ERROR");
    const alias = await subscribe(["order.completed"]);
    expect(alias.events).toEqual(["order.fulfilled"]);
  });

  it("§8 at most 5 webhooks per account: the 6th → 422 WEBHOOK_LIMIT_REACHED", async () => {
    for (let i = 0; i < 5; i++) await subscribe(ALL_EVENTS, `https://shop.example/hooks/${i}`);
    const sixth = await api.post(
      "/webhooks",
      { url: "https://shop.example/hooks/6", events: ALL_EVENTS },
      AUTH.shopSandbox,
    );
    expect(sixth.status).toBe(422);
    expect(sixth.body.error.code).toBe("WEBHOOK_LIMIT_REACHED");
    expect(
      (await api.post("/webhooks", { url: "https://shop.example/hooks/6", events: ALL_EVENTS }, AUTH.enterpriseLive))
        .status,
    ).toBe(201);
  });

  it("§4 webhooks are PRO only and per account; webhooks:write is needed to create", async () => {
    const hook = await subscribe();
    expect((await api.get(`/webhooks/${hook.id}`, AUTH.enterpriseLive)).status).toBe(404);
    expect((await api.del(`/webhooks/${hook.id}`, AUTH.enterpriseLive)).status).toBe(404);
    const readOnly = await ctl.token("pro@emulator.test", "webhooks:read");
    expect((await api.get("/webhooks", readOnly)).status).toBe(200);
    const res = await api.post("/webhooks", { url: receiver.url, events: ALL_EVENTS }, readOnly);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
  });
});

describe("§6 event deliveries", () => {
  it("§6 order.created and order.fulfilled are delivered, signed per Standard Webhooks, and verify with the standardwebhooks package", async () => {
    const hook = await subscribe();
    const order = (await api.post("/orders", topupBody, AUTH.shopLive)).body.data;
    const created = await waitFor(async () =>
      receiver.received.find((r) => JSON.parse(r.body).type === "order.created"),
    );
    const wh = new Webhook(hook.secret);
    const payload = wh.verify(created.body, headersOf(created)) as Json;
    expect(payload).toMatchObject({
      type: "order.created",
      environment: "production",
      data: { order_id: order.order_id, type: "topup", status: "processing" },
    });
    expect(created.headers[WEBHOOK_HEADERS.id]).toBe(payload.id);
    expect(created.headers[WEBHOOK_HEADERS.signature]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    await ctl.advance(FULFILMENT_MS);
    const fulfilled = await waitFor(async () =>
      receiver.received.find((r) => JSON.parse(r.body).type === "order.fulfilled"),
    );
    const done = wh.verify(fulfilled.body, headersOf(fulfilled)) as Json;
    expect(done.data).toMatchObject({
      order_id: order.order_id,
      type: "topup",
      status: "fulfilled",
      delivery_status: "delivered",
    });

    // A tampered body or another secret does not verify.
    expect(() => wh.verify(fulfilled.body.replace("fulfilled", "failed"), headersOf(fulfilled))).toThrow();
    expect(() =>
      new Webhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").verify(fulfilled.body, headersOf(fulfilled)),
    ).toThrow();
  });

  it("§6 the control delivery log shows the exact raw body and headers sent, which verify too", async () => {
    const hook = await subscribe(["order.created"]);
    await api.post("/orders", topupBody, AUTH.shopLive);
    const log = await waitFor(async () => {
      const d = await ctl.deliveries({ webhook_id: hook.id });
      return d.length > 0 ? d : undefined;
    });
    expect(log).toHaveLength(1);
    const attempt = log[0]!;
    expect(attempt).toMatchObject({
      webhook_id: hook.id,
      event_type: "order.created",
      url: receiver.url,
      status_code: 200,
      attempt: 1,
      succeeded: true,
    });
    expect(attempt.request.body).toBe(receiver.received[0]!.body);
    expect(new Webhook(hook.secret).verify(attempt.request.body, attempt.request.headers)).toMatchObject({
      type: "order.created",
      id: attempt.event_id,
    });
  });

  it("§6 order.failed is delivered when fulfillment fails, with the order type", async () => {
    await subscribe(["order.failed"]);
    const order = (await api.post("/orders", { price_token: TOKENS.topupFails, phone: GB_PHONE }, AUTH.shopSandbox))
      .body.data;
    await ctl.advance(FULFILMENT_MS);
    const failed = await waitFor(async () => receiver.received[0]);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(failed.body)).toMatchObject({
      type: "order.failed",
      environment: "sandbox",
      data: { order_id: order.order_id, type: "topup", status: "failed" },
    });
  });

  it("§6 only subscribed events, only active subscriptions, only the order's account", async () => {
    await subscribe(["order.fulfilled"]);
    const disabled = await subscribe(ALL_EVENTS);
    await api.patch(`/webhooks/${disabled.id}`, { status: "disabled" }, AUTH.shopLive);
    const other = await startReceiver([200]);
    try {
      await subscribe(ALL_EVENTS, other.url, AUTH.enterpriseLive);
      await api.post("/orders", { price_token: TOKENS.giftcard }, AUTH.shopLive);
      await ctl.advance(FULFILMENT_MS);
      await waitFor(async () => receiver.received.length >= 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(["order.fulfilled"]);
      expect(JSON.parse(receiver.received[0]!.body).data).toMatchObject({
        type: "giftcard",
        redemption_code: expect.any(String),
      });
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("§6 a receiver answering 500 gets retries with backoff on the emulator clock (5 s, then 30 s), same id and body", async () => {
    receiver.answer([500, 500, 200]);
    const hook = await subscribe(["order.created"]);
    await api.post("/orders", topupBody, AUTH.shopLive);
    await waitFor(async () => receiver.received.length === 1);
    const first = (await ctl.deliveries())[0]!;
    expect(first).toMatchObject({ attempt: 1, status_code: 500, succeeded: false, gave_up: false });
    expect(Date.parse(first.next_retry_at!) - Date.parse(first.at)).toBe(5_000);

    await ctl.advance(4_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toHaveLength(1);
    await ctl.advance(1_000);
    await waitFor(async () => receiver.received.length === 2);
    await ctl.advance(30_000);
    await waitFor(async () => receiver.received.length === 3);

    const log = await waitFor(async () => {
      const d = await ctl.deliveries({ webhook_id: hook.id });
      return d.length === 3 ? d : undefined;
    });
    expect(log.map((d: Json) => [d.attempt, d.status_code, d.succeeded])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    for (const r of receiver.received)
      expect(() => new Webhook(hook.secret).verify(r.body, headersOf(r))).not.toThrow();
  });

  it("§6 after the last retry (5 s, 30 s, 2 min, 10 min, 1 h) the delivery is given up", async () => {
    receiver.answer([503]);
    await subscribe(["order.created"]);
    await api.post("/orders", topupBody, AUTH.shopLive);
    await waitFor(async () => receiver.received.length === 1);
    for (const [step, expected] of [
      [5_000, 2],
      [30_000, 3],
      [120_000, 4],
      [600_000, 5],
      [3_600_000, 6],
    ] as const) {
      await ctl.advance(step);
      await waitFor(async () => receiver.received.length === expected);
    }
    await ctl.advance(10 * 3_600_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toHaveLength(6);
    const log = await ctl.deliveries({ event_type: "order.created" });
    expect(log).toHaveLength(6);
    expect(log.at(-1)).toMatchObject({ attempt: 6, gave_up: true, next_retry_at: null });
  });

  it("§6 a network error counts as a failed attempt and is retried", async () => {
    const dead = await startReceiver([200]);
    const deadUrl = dead.url;
    await dead.close();
    await subscribe(["order.created"], deadUrl);
    await api.post("/orders", topupBody, AUTH.shopLive);
    const log = await waitFor(async () => {
      const d = await ctl.deliveries();
      return d.length === 1 ? d : undefined;
    });
    expect(log[0]).toMatchObject({ status_code: null, succeeded: false, attempt: 1 });
    expect(log[0]!.error).toBeTruthy();
    expect(log[0]!.next_retry_at).toBeTruthy();
  });

  it("§6 a payment-link order sends order.created when the buyer pays, not before", async () => {
    await subscribe(["order.created"]);
    const created = (await api.post("/orders", { ...topupBody, checkout_mode: "payment_link" }, AUTH.shopLive)).body
      .data;
    await ctl.advance(1_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toEqual([]);
    const paid = await ctl.post(`/commerce/checkout/${created.checkout_hash}/pay`);
    const event = await waitFor(async () => receiver.received[0]);
    expect(JSON.parse(event.body).data).toMatchObject({
      order_id: paid.body.order_id,
      checkout_hash: created.checkout_hash,
    });
  });
});

describe("the documented dialect (README Dialects: C§2, C§6 read literally)", () => {
  let doc: RunningEmulator;
  let docApi: ReturnType<typeof v2>;
  let docCtl: ReturnType<typeof control>;
  beforeAll(async () => {
    doc = await startOrdersEmulator({ dialect: "documented" });
    docApi = v2(doc.url);
    docCtl = control(doc.url);
  });
  afterAll(() => doc.close());
  beforeEach(async () => {
    await docCtl.reset();
    await docCtl.config({ allowLoopbackHttpWebhooks: false });
  });

  it("§2 refuses a plain http URL, even to a loopback host, unless the sandbox switch is set explicitly", async () => {
    const refused = await docApi.post("/webhooks", { url: receiver.url, events: ALL_EVENTS }, AUTH.shopLive);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("WEBHOOK_URL_NOT_HTTPS");
    expect((await docApi.get("/webhooks", AUTH.shopLive)).body.data).toEqual([]);
  });

  it("§2 the signing secret comes once, under signing_secret; the subscription shows only id, url, events and status", async () => {
    const created = await docApi.post(
      "/webhooks",
      { url: "https://shop.example/hooks", events: ALL_EVENTS },
      AUTH.shopLive,
    );
    expect(created.status).toBe(201);
    expect(created.body.data.signing_secret).toMatch(/^whsec_/);
    expect(created.body.data.secret).toBeUndefined();
    const one = await docApi.get(`/webhooks/${created.body.data.id}`, AUTH.shopLive);
    expect(Object.keys(one.body.data).sort()).toEqual(["events", "id", "status", "url"]);
    expect(one.text).not.toContain(created.body.data.signing_secret);
  });

  it("§6 a delivery is the order (type = the ORDER type) with the event kind under `event`, signed per Standard Webhooks", async () => {
    await docCtl.config({ allowLoopbackHttpWebhooks: true });
    const created = await docApi.post("/webhooks", { url: receiver.url, events: ALL_EVENTS }, AUTH.shopLive);
    expect(created.status, created.text).toBe(201);
    // C§1: a PRO account previews before it creates.
    expect((await docApi.post("/orders/preview", topupBody, AUTH.shopLive)).status).toBe(200);
    const placed = await docApi.post("/orders", topupBody, AUTH.shopLive);
    expect(placed.status, placed.text).toBe(201);
    const order = placed.body.data;
    await docCtl.advance(FULFILMENT_MS);
    const fulfilled = await waitFor(async () =>
      receiver.received.find((r) => JSON.parse(r.body).event === "order.fulfilled"),
    );
    const payload = new Webhook(created.body.data.signing_secret).verify(fulfilled.body, headersOf(fulfilled)) as Json;
    expect(payload).toMatchObject({
      event: "order.fulfilled",
      type: "topup",
      order_id: order.order_id,
      status: "fulfilled",
    });
    expect(payload.data).toBeUndefined();
  });
});
