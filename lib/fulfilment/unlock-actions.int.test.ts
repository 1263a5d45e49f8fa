import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "@/lib/orders/placement";
import { openFulfillment } from "@/lib/orders/sealed-fulfillment";
import { IMEI, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import {
  cancelUnlockOrder,
  checkUnlockNow,
  CODE_READY_MESSAGE,
  fetchUnlockInstructions,
  forceUnlockNowait,
  type UnlockActionOptions,
} from "./unlock-actions";

// The buyer's and staff's requests on a placed unlock order (cancel, nowait, instructions),
// against the in-process emulator's unlocking API and a real database.

let tb: OrderTestbed;
let options: UnlockActionOptions;
let staffId: string;
let customerId: string;
beforeAll(async () => {
  tb = await startOrderTestbed();
  options = { db: tb.db, unlock: tb.unlock };
  staffId = (await tb.db.user.create({ data: { email: `staff-${Date.now()}@shop.test`, role: "staff" } })).id;
  customerId = (await tb.db.user.create({ data: { email: `cust-${Date.now()}@shop.test`, role: "customer" } })).id;
});
afterAll(async () => tb?.close());

const buyer = { source: "buyer" as const };
const staff = () => ({ source: "staff" as const, userId: staffId });

/** A paid unlock on the well-known pair's 1–3 day tool, placed with the supplier. */
async function placedUnlock(imei: string = IMEI.availableLater) {
  const order = await tb.paidOrder("unlock", {
    deviceId: UNLOCK_PAIR.deviceId,
    networkId: UNLOCK_PAIR.networkId,
    imei,
    toolId: UNLOCK_PAIR.toolDays,
    guaranteedTimeType: "days",
  });
  const placed = await placeOrder(tb.db, order.id, { source: "buyer", clients: tb.clients });
  expect(placed).toMatchObject({ status: "placed", upstreamStatus: "open" });
  return placed!;
}

const unlockLedger = async (ticket: string | null) =>
  (await tb.ledger()).filter((e) => e.api === "unlock" && e.reference === `unlock:order:${ticket}`).map((e) => e.kind);

describe("cancelUnlockOrder", () => {
  it("cancels inside the 10-minute window: cancelled, buyer refunded, supplier refunded, event by the buyer", async () => {
    const order = await placedUnlock();
    await tb.advanceClock(9 * 60_000);
    expect(await cancelUnlockOrder(order.ref, buyer, options)).toEqual({ ok: true });
    const after = await tb.reload(order.id);
    expect(after).toMatchObject({ status: "cancelled", upstreamStatus: "canceled", nextPollAt: null });
    expect(await tb.refundOwed(order.id)).toBe(true);
    expect(await unlockLedger(order.upstreamOrderId)).toEqual(["debit", "refund"]);
    const events = await tb.events(order.id);
    expect(events.at(-1)).toMatchObject({ toStatus: "cancelled", source: "buyer" });
    // A second click is harmless: already cancelled, nothing more happens.
    const task = await tb.db.refundTask.findUniqueOrThrow({ where: { orderId: order.id } });
    expect(await cancelUnlockOrder(order.ref, buyer, options)).toEqual({ ok: true });
    expect(await tb.db.refundTask.findMany({ where: { orderId: order.id } })).toEqual([task]);
  });

  it("is refused with a clear message once the supplier's clock passes 10 minutes", async () => {
    const order = await placedUnlock();
    await tb.advanceClock(10 * 60_000 + 5_000);
    const result = await cancelUnlockOrder(order.ref, staff(), options);
    expect(result).toMatchObject({
      ok: false,
      code: "CANCEL_WINDOW_PASSED",
      message: expect.stringMatching(/Too late to cancel.*10 minutes/),
    });
    expect(await tb.reload(order.id)).toMatchObject({ status: "placed" });
    expect(await tb.refundOwed(order.id)).toBe(false);
    expect(await unlockLedger(order.upstreamOrderId)).toEqual(["debit"]);
    const refused = (await tb.events(order.id)).find((e) => e.type === "cancel_refused");
    expect(refused).toMatchObject({ source: "staff", actor: staffId });
  });

  it("checks the actor: a customer posing as staff and another account's buyer are refused", async () => {
    const order = await placedUnlock();
    expect(await cancelUnlockOrder(order.ref, { source: "staff", userId: customerId }, options)).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await cancelUnlockOrder(order.ref, { source: "staff" }, options)).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    await tb.db.order.update({ where: { id: order.id }, data: { userId: customerId } });
    expect(await cancelUnlockOrder(order.ref, { source: "buyer", userId: null }, options)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    expect(await cancelUnlockOrder("not-a-real-ref-000", buyer, options)).toMatchObject({
      ok: false,
      code: "ORDER_NOT_FOUND",
    });
    expect(await tb.reload(order.id)).toMatchObject({ status: "placed" });
  });

  it("refuses an order that has not reached the supplier yet, and non-unlock orders", async () => {
    const paid = await tb.paidOrder("unlock", {
      deviceId: UNLOCK_PAIR.deviceId,
      networkId: UNLOCK_PAIR.networkId,
      imei: IMEI.availableLater,
      toolId: UNLOCK_PAIR.toolDays,
    });
    expect(await cancelUnlockOrder(paid.ref, buyer, options)).toMatchObject({ ok: false, code: "NOT_PLACED_YET" });
    const check = await tb.paidOrder("imeicheck", { imei: IMEI.reported });
    expect(await cancelUnlockOrder(check.ref, buyer, options)).toMatchObject({
      ok: false,
      code: "NOT_AN_UNLOCK_ORDER",
    });
  });
});

describe("forceUnlockNowait", () => {
  it("makes the order ready now: instructions stored, fulfilled, recorded as staff", async () => {
    const order = await placedUnlock();
    expect(await forceUnlockNowait(order.ref, staff(), options)).toEqual({ ok: true });
    const done = await tb.reload(order.id);
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "available" });
    expect(openFulfillment(done.fulfillment).instructions).toMatch(/\n/);
    const events = await tb.events(order.id);
    expect(events.find((e) => e.type === "unlock_nowait")).toMatchObject({ source: "staff", actor: staffId });
    expect(events.at(-1)).toMatchObject({ toStatus: "fulfilled", source: "staff" });
    expect(await forceUnlockNowait(order.ref, staff(), options)).toMatchObject({ ok: false, code: "ORDER_FINAL" });
  });

  it("ends an order whose planned outcome is notavailable as failed, and refunds the buyer", async () => {
    // Check digit 0: notavailable at ready time (emulator/unlock/README.md).
    const order = await placedUnlock("356938035600510");
    expect(await forceUnlockNowait(order.ref, buyer, options)).toEqual({ ok: true });
    expect(await tb.reload(order.id)).toMatchObject({ status: "failed", upstreamStatus: "notavailable" });
    expect(await tb.refundOwed(order.id)).toBe(true);
  });
});

describe("fetchUnlockInstructions", () => {
  it("says the instructions are not ready before the supplier finishes, then reads and stores them", async () => {
    const order = await placedUnlock();
    expect(await fetchUnlockInstructions(order.ref, staff(), options)).toMatchObject({
      ok: false,
      code: "INSTRUCTIONS_NOT_READY",
    });
    // The supplier finishes (ready time of a 1–3 day tool: 2 days) before the worker looks.
    await tb.advanceClock(2 * 24 * 60 * 60_000 + 1_000);
    expect(await fetchUnlockInstructions(order.ref, staff(), options)).toEqual({ ok: true });
    const done = await tb.reload(order.id);
    expect(openFulfillment(done.fulfillment).instructions!.length).toBeGreaterThan(20);
    expect(done).toMatchObject({ status: "fulfilled", upstreamStatus: "available" });
    expect((await tb.events(order.id)).find((e) => e.type === "instructions")).toMatchObject({
      source: "staff",
      actor: staffId,
    });
  });
});

describe("a fresh status before cancelling, and the buyer's check now", () => {
  it("check now reads the supplier at once, once per 15 seconds per order; a finished unlock shows at once", async () => {
    const order = await placedUnlock();
    expect(await checkUnlockNow(order.ref, buyer, options)).toEqual({ ok: true, status: "placed" });
    expect(await checkUnlockNow(order.ref, buyer, options)).toMatchObject({
      ok: false,
      code: "TOO_MANY_REQUESTS",
      message: expect.stringContaining("We just checked"),
    });

    const other = await placedUnlock();
    await tb.advanceClock(4 * 24 * 60 * 60_000);
    expect(await checkUnlockNow(other.ref, buyer, options)).toEqual({ ok: true, status: "fulfilled" });
    expect(openFulfillment((await tb.reload(other.id)).fulfillment).instructions).toEqual(expect.any(String));
  });

  it("a cancel after the supplier finished reads the status first: the code is shown, nothing is cancelled or refunded", async () => {
    const order = await placedUnlock();
    await tb.advanceClock(4 * 24 * 60 * 60_000);
    expect(await cancelUnlockOrder(order.ref, buyer, options)).toEqual({
      ok: false,
      code: "CODE_READY",
      message: CODE_READY_MESSAGE,
    });
    expect(await tb.reload(order.id)).toMatchObject({ status: "fulfilled" });
    expect(await tb.refundOwed(order.id)).toBe(false);
    expect(await unlockLedger(order.upstreamOrderId)).toEqual(["debit"]);
  });
});
