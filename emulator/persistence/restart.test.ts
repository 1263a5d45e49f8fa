import { createLocalJWKSet, jwtVerify } from "jose";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { emulatorControl } from "../control-client";
import { AUTH, call, control, FULFILMENT_MS, type Json, v2, waitFor } from "../commerce/orders/test-support/harness";
import { startReceiver } from "../commerce/orders/test-support/receiver";
import { obtainTokens, registerClient, tokenRequest } from "../oauth/test-support";
import { readEmulatorInstanceId } from "./index";
import { orderNumber, placeOrder, realOrderBodies, tempStateFile, unlock } from "./test-support";

// The state file: a shop's history made through the real API on one emulator, then that
// emulator stopped and a new one started on the same file (same port, as `npm start` does).
// The tests below run in order against the second emulator and check what a client sees.

const HOUR = 3_600_000;
const IDEMPOTENCY = { "Idempotency-Key": "restart-gift-1" };
const state = tempStateFile();
const receiver = await startReceiver([503]);
let first: RunningEmulator;
let second: RunningEmulator;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const before: Record<string, any> = {};

const headersOf = (r: { headers: Record<string, string | string[] | undefined> }) =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));

/** Everything a shop could have done before the restart; returns what it kept. */
async function shopHistory(emu: RunningEmulator) {
  const api = v2(emu.url);
  const ctl = control(emu.url);
  const hook = (
    await api.post(
      "/webhooks",
      { url: receiver.url, events: ["order.created", "order.fulfilled", "order.failed"] },
      AUTH.shopLive,
    )
  ).body.data;
  const client = await registerClient(emu.url);
  const tokens = await obtainTokens(
    emu.url,
    client.client_id,
    "pro@emulator.test",
    "openid profile orders:read balance:read",
  );
  const bodies = await realOrderBodies(emu.url);
  const topup = (await placeOrder(emu.url, bodies.topup)).body.data;
  const esim = (await placeOrder(emu.url, bodies.esim)).body.data;
  const gift = (await placeOrder(emu.url, bodies.giftcard, IDEMPOTENCY)).body.data;
  const checkout = (await placeOrder(emu.url, { ...bodies.topup, checkout_mode: "payment_link" })).body.data;
  const ticket = await unlock(emu.url).createOrder();
  await ctl.advance(FULFILMENT_MS);
  const esimDetail = await waitFor(async () => {
    const detail = (await api.get(`/orders/${esim.order_id}`, AUTH.shopLive)).body.data;
    return detail.status === "fulfilled" && detail;
  });
  // Realistic timings for one order: its fulfillment (15 s away) is still scheduled at the restart.
  await ctl.config({ realistic: true });
  const pending = (await placeOrder(emu.url, bodies.topup)).body.data;
  await ctl.config({ realistic: false });
  return { hook, client, tokens, bodies, topup, esim, gift, checkout, ticket, esimDetail, pending };
}

/** What the emulator shows; compared before and after the restart. */
async function visibleState(url: string) {
  const api = v2(url);
  return {
    orders: (await api.get("/orders", AUTH.shopLive)).body.data,
    balance: (await api.get("/balance", AUTH.shopLive)).body.data,
    history: (await api.get("/balance/history", AUTH.shopLive)).body.data,
    webhooks: (await api.get("/webhooks", AUTH.shopLive)).body.data,
    ledger: await emulatorControl(url).ledger(),
    deliveries: await control(url).deliveries(),
    clockOffset: (await emulatorControl(url).clock()).offsetMs,
    unlockAccounts: await emulatorControl(url).unlock.accounts(),
    oauthClients: await emulatorControl(url).oauth.clients(),
  };
}

beforeAll(async () => {
  first = await startEmulator(0, { controls: true, stateFile: state.file });
  Object.assign(before, await shopHistory(first));
  before.visible = await visibleState(first.url);
  await first.close();
  before.receivedAtRestart = receiver.received.length;
  receiver.answer([200]);
  // Let this process's fetch pool see that the first emulator closed its keep-alive sockets,
  // or the first call to the second one (same port) may be sent down a dead socket.
  await new Promise((resolve) => setTimeout(resolve, 200));
  second = await startEmulator(Number(new URL(first.url).port), { controls: true, stateFile: state.file });
});
afterAll(async () => {
  await second?.close();
  await receiver.close();
  state.remove();
});

describe("state file: a new emulator on the same file continues where the old one stopped", () => {
  it("keeps the instance id of the file, readable from outside while the emulator runs", () => {
    expect(first.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.instanceId).toBe(first.instanceId);
    expect(readEmulatorInstanceId(state.file)).toBe(first.instanceId);
  });

  it("shows the same orders, balance, history, webhooks, ledger, delivery log, clock, unlock credits and OAuth clients", async () => {
    const { deliveries, ...after } = await visibleState(second.url);
    const { deliveries: deliveriesBefore, ...rest } = before.visible;
    expect(after).toEqual(rest);
    expect(rest.orders).toHaveLength(4);
    // The failed attempts are all still logged (a retry that fell due since may have added one).
    expect(deliveriesBefore.length).toBeGreaterThan(0);
    expect(deliveriesBefore.every((d: Json) => !d.succeeded)).toBe(true);
    expect(deliveries.slice(0, deliveriesBefore.length)).toEqual(deliveriesBefore);
  });

  it("still has the scheduled work: the pending fulfillment and the unlock ticket's progress", async () => {
    const labels = (await emulatorControl(second.url).scheduled()).map((t) => t.label);
    expect(labels).toEqual(
      expect.arrayContaining([`commerce fulfillment ${before.pending.order_id}`, `unlock:order:${before.ticket}`]),
    );
  });

  it("accepts an eSIM price token, a QR link and an eSIM line issued before the restart", async () => {
    const api = v2(second.url);
    const preview = await api.post("/orders/preview", before.bodies.esim, AUTH.shopLive);
    expect(preview.status, preview.text).toBe(200);
    const qr = await fetch(before.esimDetail.qr_code_url);
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/png");
    const line = await api.get(`/esim/lines/${before.esimDetail.iccid}`, AUTH.shopLive);
    expect(line.status, line.text).toBe(200);
    expect(line.body.data.order_id).toBe(before.esim.order_id);
  });

  it("replays the idempotent create with the same order and no second debit", async () => {
    const ledgerBefore = await emulatorControl(second.url).ledger();
    const replay = await placeOrder(second.url, before.bodies.giftcard, IDEMPOTENCY);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data).toEqual(before.gift);
    expect(await emulatorControl(second.url).ledger()).toEqual(ledgerBefore);
  });

  it("continues the order and ticket numbering instead of starting again", async () => {
    const previous = before.visible.orders.map((o: Json) => o.order_id as string);
    const next = (await placeOrder(second.url, before.bodies.topup)).body.data.order_id as string;
    expect(previous).not.toContain(next);
    expect(orderNumber(next)).toBeGreaterThan(Math.max(...previous.map(orderNumber)));
    expect(await unlock(second.url).createOrder()).toBeGreaterThan(before.ticket);
  });

  it("honours OAuth tokens issued before the restart: the access token, the ID token's key and the refresh token", async () => {
    const balance = await call(second.url, "GET", "/v2/balance", { auth: `Bearer ${before.tokens.access_token}` });
    expect(balance.status, balance.text).toBe(200);
    const jwks = (await (await fetch(`${second.url}/.well-known/jwks.json`)).json()) as Parameters<
      typeof createLocalJWKSet
    >[0];
    const now = new Date((await emulatorControl(second.url).clock()).now);
    await expect(
      jwtVerify(before.tokens.id_token, createLocalJWKSet(jwks), {
        audience: before.client.client_id,
        currentDate: now,
      }),
    ).resolves.toBeTruthy();

    const refreshed = await tokenRequest(second.url, {
      grant_type: "refresh_token",
      refresh_token: before.tokens.refresh_token,
      client_id: before.client.client_id,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(
      (await call(second.url, "GET", "/v2/balance", { auth: `Bearer ${refreshed.body.access_token}` })).status,
    ).toBe(200);
  });

  it("lets the buyer pay a checkout created before the restart", async () => {
    const hash = before.checkout.checkout_hash as string;
    const paid = await fetch(`${second.url}/v2/checkout/${hash}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const orders = (await v2(second.url).get(`/orders?checkout_hash=${hash}`, AUTH.shopLive)).body.data as Json[];
    expect(orders).toHaveLength(1);
  });

  it("resumes the scheduled work once the clock passes it: fulfillment, signed webhook retries, the unlock ticket", async () => {
    const api = v2(second.url);
    await control(second.url).advance(2 * HOUR);

    expect(await unlock(second.url).status(before.ticket)).toBe("available");
    const pending = await waitFor(async () => {
      const detail = (await api.get(`/orders/${before.pending.order_id}`, AUTH.shopLive)).body.data;
      return detail.status === "fulfilled" && detail;
    });
    expect(pending.delivery_status).toBe("delivered");

    // The receiver refused every delivery before the restart; these came after it, as retries
    // and new events, and verify with the secret the subscription returned before it.
    const events = () =>
      receiver.received
        .slice(before.receivedAtRestart)
        .map((r) => new Webhook(before.hook.secret).verify(r.body, headersOf(r)) as Json);
    await waitFor(async () =>
      events().some((e) => e.type === "order.fulfilled" && e.data.order_id === before.pending.order_id),
    );
    await waitFor(async () =>
      events().some((e) => e.type === "order.created" && e.data.order_id === before.topup.order_id),
    );
    const labels = (await emulatorControl(second.url).scheduled()).map((t) => t.label);
    expect(labels).not.toContain(`unlock:order:${before.ticket}`);
  });
});
