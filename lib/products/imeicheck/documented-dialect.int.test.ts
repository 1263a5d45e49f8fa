import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { placeOrder } from "@/lib/orders/placement";
import { runWorkerOnce } from "@/lib/orders/worker";
import { HOUR } from "@/lib/orders/schedule";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { IMEI, inFuture, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";

// The unlocking API's two products through the order core, with the embedded configuration (its
// production account and the IMEI check hash settings of embedded.ts), on the emulator's
// `documented` dialect: what U§3/U§4/U§8 say and nothing from the notes. The sandbox test IMEIs
// are ordinary IMEIs on a production account there (U§3, U§8 state their outcomes for sandbox).

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.control("POST", "/reset");
  await tb.control("PATCH", "/config", { dialect: "documented" });
});

const worker = (ms: number) =>
  runWorkerOnce(tb.db, {
    workerId: "documented-worker",
    now: inFuture(ms),
    clients: tb.clients,
  });

describe("documented dialect, embedded production account", () => {
  it("an IMEI check is sent with the configured hash and fulfilled with the report", async () => {
    const order = await tb.paidOrder("imeicheck", { imei: "356938035640037" });
    const done = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "report" });
    const report = (done!.fulfillment as { imeiCheck: { report: { blacklisted: boolean } } }).imeiCheck.report;
    expect(report.blacklisted).toBe(true);
    const counters = (await tb.counters()) as Record<string, number>;
    expect(Object.keys(counters).filter((route) => route.startsWith("POST /imeicheck/356938035640037/"))).toHaveLength(
      1,
    );
  });

  it("the sandbox test IMEI 353047098598802 is not given its forced outcome: a normal, not-reported report", async () => {
    const order = await tb.paidOrder("imeicheck", { imei: IMEI.reported });
    const done = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "report" });
    const result = (done!.fulfillment as { imeiCheck: { report: { blacklisted: boolean }; payment: { type: string } } })
      .imeiCheck;
    expect(result.report.blacklisted).toBe(false);
    expect(result.payment.type).toBe("F");
  });

  it("an unlock order is placed, followed and delivered; the sandbox IMEI 123456789876543 is not available at once", async () => {
    const order = await tb.paidOrder("unlock", {
      deviceId: UNLOCK_PAIR.deviceId,
      networkId: UNLOCK_PAIR.networkId,
      imei: IMEI.availableAtOnce,
      toolId: UNLOCK_PAIR.toolDays,
    });
    const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
    // Forced, it would be "available" at creation; as an ordinary IMEI it waits for the tool's time.
    expect(placed).toMatchObject({ status: "placed", upstreamStatus: "open" });
    await tb.advanceClock(3 * 24 * HOUR);
    await worker(31_000);
    const done = await tb.reload(order.id);
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "available" });
    expect(openFulfillment(done.fulfillment).instructions!.length).toBeGreaterThan(20);
  });
});
