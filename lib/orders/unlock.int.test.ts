import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUnlockClient } from "@/lib/upstream/unlock/client";
import { readPlacement } from "./detail";
import { placeOrder } from "./placement";
import { HOUR } from "./schedule";
import { openFulfillment } from "./sealed-fulfillment";
import { IMEI, inFuture, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Unlock orders and IMEI checks with the shop's unlock credits, against the emulator's
// sandbox IMEIs (emulator/unlock/README.md), followed by the worker on the tool's schedule.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
});

const worker = (ms: number) =>
  runWorkerOnce(tb.db, {
    workerId: "unlock-worker",
    now: inFuture(ms),
    clients: tb.clients,
  });
const unlockDetail = (imei: string, extra: Record<string, unknown> = {}) => ({
  deviceId: UNLOCK_PAIR.deviceId,
  networkId: UNLOCK_PAIR.networkId,
  imei,
  toolId: UNLOCK_PAIR.toolDays,
  ...extra,
});

describe("unlock orders", () => {
  it("places with a ticket, looks early (30 s, then every minute for 10 minutes, then the tool's schedule) and delivers the instructions", async () => {
    const order = await tb.paidOrder("unlock", unlockDetail(IMEI.availableAtOnce));
    const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(placed).toMatchObject({
      status: "placed",
      upstreamStatus: "open",
      upstreamOrderId: expect.stringMatching(/^\d+$/),
    });
    // The tool's guaranteed time type was learned from the tool list: 1–3 days → hourly once
    // the early checks of the cancel window are over (lib/orders/schedule.ts).
    expect((placed!.detail as Record<string, unknown>).guaranteedTimeType).toBe("days");
    const firstPoll = placed!.nextPollAt!.getTime() - Date.now();
    expect(firstPoll).toBeGreaterThan(25_000);
    expect(firstPoll).toBeLessThanOrEqual(30_000);

    expect((await worker(20_000)).claimed).toBe(0); // not due before 30 s
    await tb.advanceClock(HOUR);
    await worker(31_000);
    const done = await tb.reload(order.id);
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "available", nextPollAt: null });
    expect(openFulfillment(done.fulfillment).instructions!.length).toBeGreaterThan(20);
    // One debit of the tool's price on the unlock ledger for this ticket.
    const entries = (await tb.ledger()).filter(
      (e) => e.api === "unlock" && e.reference === `unlock:order:${done.upstreamOrderId}`,
    );
    expect(entries.map((e) => e.kind)).toEqual(["debit"]);
  });

  it("fails an unlock the upstream reports notavailable, and asks for the buyer's refund", async () => {
    const order = await tb.paidOrder(
      "unlock",
      unlockDetail(IMEI.notAvailable, { guaranteedTimeType: "instant", toolId: UNLOCK_PAIR.toolInstant }),
    );
    const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    // instant → looked at right after ordering
    expect(placed!.nextPollAt!.getTime() - Date.now()).toBeLessThanOrEqual(15_000);
    await worker(20_000);
    const failed = await tb.reload(order.id);
    expect(failed).toMatchObject({ status: "failed", upstreamStatus: "notavailable" });
    expect(failed.statusReason).toMatch(/not available for this device.*Refund pending/);
    expect(await tb.refundOwed(order.id)).toBe(true);
  });

  it("parks an unlock whose create answer was lost: the unlocking API cannot look it up", async () => {
    const order = await tb.paidOrder("unlock", unlockDetail(IMEI.availableLater, { guaranteedTimeType: "days" }));
    await tb.fault({ method: "POST", path: "/create_order/**", kind: "timeout", times: 1 });
    const impatient = createUnlockClient({
      baseUrl: tb.emulatorUrl,
      svcKey: "svc_live_key_0001",
      svcSecret: "svc_live_secret_0001",
      createOrderTimeoutMs: 300,
    });
    const parked = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: { ...tb.clients, unlock: impatient },
    });
    expect(parked).toMatchObject({ status: "needs_attention", upstreamOrderId: null, nextPollAt: null });
    expect(parked!.statusReason).toMatch(/could not confirm/);
    expect(readPlacement(parked!.detail)?.state).toBe("unknown");
    expect(await tb.refundOwed(order.id)).toBe(false);
  });

  it("parks an unlock left placing by a crash instead of ordering again", async () => {
    const order = await tb.paidOrder("unlock", unlockDetail(IMEI.availableLater, { guaranteedTimeType: "days" }));
    await tb.db.order.update({
      where: { id: order.id },
      data: {
        status: "placing",
        nextPollAt: new Date(),
        detail: {
          ...(order.detail as object),
          placement: { state: "sending", sentAt: new Date().toISOString(), attempts: 1 },
        },
      },
    });
    const before = (await tb.ledger()).filter((e) => e.api === "unlock" && e.kind === "debit").length;
    await worker(1_000);
    expect(await tb.reload(order.id)).toMatchObject({ status: "needs_attention" });
    expect((await tb.ledger()).filter((e) => e.api === "unlock" && e.kind === "debit").length).toBe(before);
  });
});

describe("IMEI checks", () => {
  it("fulfils at once with the report", async () => {
    const order = await tb.paidOrder("imeicheck", { imei: IMEI.reported });
    const done = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "report" });
    const report = (done!.fulfillment as { imeiCheck: { report: { blacklisted: boolean } } }).imeiCheck.report;
    expect(report.blacklisted).toBe(true);
  });

  it("fails and refunds an IMEI the service does not recognise", async () => {
    const order = await tb.paidOrder("imeicheck", { imei: "123456789987654" });
    const failed = await placeOrder(tb.db, order.id, {
      source: "buyer",
      clients: tb.clients,
    });
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed!.statusReason).toMatch(/not recognised/);
    expect(await tb.refundOwed(order.id)).toBe(true);
  });

  it("refunds a check whose device's report is sold separately, and fulfils the full-report order bought next", async () => {
    const check = await tb.paidOrder("imeicheck", { imei: "123456789876543" });
    const refunded = await placeOrder(tb.db, check.id, {
      source: "buyer",
      clients: tb.clients,
    });
    expect(refunded).toMatchObject({ status: "failed", upstreamStatus: "paid_report_only" });
    expect(refunded!.statusReason).toMatch(/sold separately/);
    expect(await tb.refundOwed(check.id)).toBe(true);

    const full = await tb.paidOrder("imeicheck", { imei: "123456789876543", report: "full" });
    const done = await placeOrder(tb.db, full.id, { source: "buyer", clients: tb.clients });
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "report" });
    const result = (
      done!.fulfillment as { imeiCheck: { report: { blacklisted: boolean } | null; payment: { type: string } } }
    ).imeiCheck;
    expect(result.payment.type).toBe("P");
    expect(result.report?.blacklisted).toBe(false);
    expect(await tb.refundOwed(full.id)).toBe(false);
  });
});
