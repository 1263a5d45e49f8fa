import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../app";
import { luhnCheckDigit } from "./esim-provisioning";
import { ESIM_CATALOG_ID, FAILING_PHONE, GB_PHONE, TOKENS, UNLIMITED_CATALOG_ID } from "./test-support/fake-catalog";
import { AUTH, call, control, FULFILMENT_MS, startOrdersEmulator, v2, type Json } from "./test-support/harness";

// Spec sections 2, 3, 6 and 8: the background fulfillment simulation, eSIM fields, the QR
// PNG, the five-minute balance gate, gift card redemption, failures and manual revision.

let emu: RunningEmulator;
let api: ReturnType<typeof v2>;
let ctl: ReturnType<typeof control>;

beforeAll(async () => {
  emu = await startOrdersEmulator();
  api = v2(emu.url);
  ctl = control(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

const LPA = /^LPA:1\$[A-Za-z0-9.-]+\$[A-Z0-9-]+$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function placeAndFulfil(body: unknown, auth = AUTH.shopLive) {
  const created = await api.post("/orders", body, auth);
  expect(created.status, created.text).toBe(201);
  await ctl.advance(FULFILMENT_MS);
  const detail = await api.get(`/orders/${created.body.data.order_id}`, auth);
  expect(detail.status).toBe(200);
  return detail.body.data as Json;
}

describe("§3 fulfillment simulation", () => {
  it("§3 a top-up is processing with delivery_status pending, then fulfilled with delivery_status delivered", async () => {
    const created = await api.post("/orders", { price_token: TOKENS.topup, phone: GB_PHONE }, AUTH.shopLive);
    const id = created.body.data.order_id;
    expect((await api.get(`/orders/${id}`, AUTH.shopLive)).body.data).toMatchObject({
      status: "processing",
      delivery_status: "pending",
      fulfilled_at: null,
    });
    await ctl.advance(1_000);
    expect((await api.get(`/orders/${id}`, AUTH.shopLive)).body.data.status).toBe("processing");
    await ctl.advance(FULFILMENT_MS);
    const done = (await api.get(`/orders/${id}`, AUTH.shopLive)).body.data;
    expect(done).toMatchObject({ status: "fulfilled", delivery_status: "delivered" });
    expect(done.fulfilled_at).toBeTruthy();
    const filtered = await api.get("/orders?delivery_status=delivered", AUTH.shopLive);
    expect(filtered.body.data.map((o: Json) => o.order_id)).toEqual([id]);
    expect((await api.get("/orders?delivery_status=pending", AUTH.shopLive)).body.data).toEqual([]);
  });

  it("§3 sandbox orders are fulfilled later by the background simulation with no credit moved", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.topup, phone: GB_PHONE }, AUTH.shopSandbox);
    expect(order).toMatchObject({ status: "fulfilled", environment: "sandbox" });
    expect((await api.get("/balance", AUTH.shopSandbox)).body.data.balance).toBe("5000.00");
  });

  it("§2 a fulfilled eSIM order has iccid, lpa_string, install_url and qr_code_url", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID });
    expect(order.status).toBe("fulfilled");
    expect(order.iccid).toMatch(/^89\d{17,18}$/);
    expect(Number(order.iccid.at(-1))).toBe(luhnCheckDigit(order.iccid.slice(0, -1)));
    expect(order.lpa_string).toMatch(LPA);
    expect(order.install_url).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(order.lpa_string)}`,
    );
    expect(order.qr_code_url).toMatch(new RegExp(`^${emu.url}/v2/esim/qr/[0-9a-f]+/[0-9a-f]{32}$`));
  });

  it("§4 GET /esim/qr/{ticket_id}/{sig}: no auth, a real PNG; a wrong sig → 403", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID });
    const png = await fetch(order.qr_code_url);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(bytes.slice(12, 16)).toString("ascii")).toBe("IHDR");

    const sig = order.qr_code_url.split("/").at(-1) as string;
    const tampered = order.qr_code_url.replace(/[0-9a-f]{32}$/, (sig[0] === "a" ? "b" : "a") + sig.slice(1));
    const bad = await fetch(tampered);
    expect(bad.status).toBe(403);
    expect(((await bad.json()) as Json).error.code).toBe("INVALID_QR_SIGNATURE");
    const otherTicket = order.qr_code_url.replace(/\/qr\/[0-9a-f]+\//, "/qr/000000000000000000000000/");
    expect((await fetch(otherTicket)).status).toBe(403);
  });

  it("§1 the QR endpoint is an eSIM endpoint: 404 ESIM_DISABLED when eSIM is off", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID });
    await ctl.config({ esimEnabled: false });
    try {
      const res = await fetch(order.qr_code_url);
      expect(res.status).toBe(404);
      expect(((await res.json()) as Json).error.code).toBe("ESIM_DISABLED");
    } finally {
      await ctl.config({ esimEnabled: true });
    }
  });

  it("§2 a fulfilled gift card order has redemption_code (PIN) and a working redemption_url", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.giftcard });
    expect(order.status).toBe("fulfilled");
    expect(order.redemption_code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const page = await fetch(order.redemption_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(order.redemption_code);
  });

  it("§6 a product whose simulation fails ends failed; the credits come back (ledger refund)", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.topupFails, phone: GB_PHONE });
    expect(order).toMatchObject({ status: "failed", delivery_status: "failed", refund: { amount: "5.25" } });
    expect(order.failure_reason).toBeTruthy();
    expect((await api.get("/balance", AUTH.shopLive)).body.data.balance).toBe("5000.00");
    const ledger = await ctl.ledger("acct_shop");
    expect(ledger.map((e: Json) => [e.kind, e.amountMinor, e.simulated])).toEqual([
      ["debit", 525, false],
      ["refund", 525, false],
    ]);
  });

  it("§6 the catalog's failing phone number fails an otherwise good product", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.topup, phone: FAILING_PHONE });
    expect(order.status).toBe("failed");
  });

  it("§6 sandbox failure: the refund is recorded as simulated too", async () => {
    await placeAndFulfil({ price_token: TOKENS.topupFails, phone: GB_PHONE }, AUTH.shopSandbox);
    const ledger = await ctl.ledger("acct_shop");
    expect(ledger.map((e: Json) => [e.kind, e.simulated])).toEqual([
      ["debit", true],
      ["refund", true],
    ]);
  });

  it("§3 MANUAL_REVISION (upper case) for a manual-revision product; a control settles it to fulfilled", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.topupManual, phone: GB_PHONE });
    expect(order).toMatchObject({ status: "MANUAL_REVISION", delivery_status: "manual_revision" });
    expect((await api.get("/balance", AUTH.shopLive)).body.data.balance).toBe("4994.75");
    const settled = await ctl.post(`/commerce/orders/${order.order_id}/settle`, { outcome: "fulfill" });
    expect(settled.status).toBe(200);
    expect((await api.get(`/orders/${order.order_id}`, AUTH.shopLive)).body.data).toMatchObject({
      status: "fulfilled",
      delivery_status: "delivered",
    });
    expect((await ctl.post(`/commerce/orders/${order.order_id}/settle`, { outcome: "fail" })).status).toBe(409);
  });
});

describe("§8 eSIM remaining data: five-minute refresh gate", () => {
  it("§8 order detail: a read within five minutes returns the same balance_checked_at; later reads refresh", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID });
    expect(order).toMatchObject({
      balance_amount: "5.00",
      balance_unit: "GB",
      consumption: { activated: false, unlimited: false, data_remaining_gb: 5, days_left: 7 },
    });
    const first = order.balance_checked_at as string;
    await ctl.advance(4 * 60_000 + 59_000);
    const within = (await api.get(`/orders/${order.order_id}`, AUTH.shopLive)).body.data;
    expect(within.balance_checked_at).toBe(first);
    await ctl.advance(2_000);
    const after = (await api.get(`/orders/${order.order_id}`, AUTH.shopLive)).body.data;
    expect(after.balance_checked_at).not.toBe(first);
    expect(Date.parse(after.balance_checked_at) - Date.parse(first)).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it("§8 usage decreases over time once the eSIM is activated; expiration is set on activation", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID });
    expect(order.balance_expiration).toBeNull();
    await ctl.advance(2 * 3_600_000);
    const later = (await api.get(`/orders/${order.order_id}`, AUTH.shopLive)).body.data;
    expect(later.consumption.activated).toBe(true);
    expect(later.consumption.data_remaining_gb).toBeLessThan(5);
    expect(later.consumption.data_remaining_gb).toBeGreaterThan(4.5);
    expect(later.balance_amount).toBe(later.consumption.data_remaining_gb.toFixed(2));
    expect(later.balance_expiration).toBeTruthy();
    expect(later.consumption.days_left).toBe(7);
  });

  it("§8 unlimited plans report unlimited consumption", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esimUnlimited, catalog_id: UNLIMITED_CATALOG_ID });
    expect(order).toMatchObject({
      balance_amount: "unlimited",
      consumption: { unlimited: true, data_remaining_gb: null, days_left: 3 },
    });
  });

  it("§4 GET /esim/lines/{iccid}: the line's fields, the same five-minute gate, owner only", async () => {
    const order = await placeAndFulfil({ price_token: TOKENS.esim, catalog_id: ESIM_CATALOG_ID });
    const line = await api.get(`/esim/lines/${order.iccid}`, AUTH.shopLive);
    expect(line.status).toBe(200);
    expect(line.body.data).toMatchObject({
      iccid: order.iccid,
      status: "ready",
      data_gb: 5,
      order_id: order.order_id,
      plan_name: "Europe 5 GB / 7 days",
      catalog_id: ESIM_CATALOG_ID,
      country_iso: "eu",
      coverage_type: "REGIONAL",
      balance_amount: "5.00",
      balance_unit: "GB",
      balance_checked_at: order.balance_checked_at,
      topups_count: 0,
      topup_available: true,
      consumption: { activated: false, data_remaining_gb: 5 },
    });
    await ctl.advance(3_600_000);
    const active = await api.get(`/esim/lines/${order.iccid}`, AUTH.shopLive);
    expect(active.body.data.status).toBe("active");
    expect((await api.get(`/esim/lines/${order.iccid}`, AUTH.shopLive)).body.data.balance_checked_at).toBe(
      active.body.data.balance_checked_at,
    );

    const other = await api.get(`/esim/lines/${order.iccid}`, AUTH.enterpriseLive);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("LINE_NOT_FOUND");
    expect((await call(emu.url, "GET", `/v2/esim/lines/${order.iccid}`)).status).toBe(401);
  });
});
