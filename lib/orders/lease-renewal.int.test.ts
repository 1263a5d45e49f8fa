import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/log";
import { readPlacement } from "./detail";
import { IMEI, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { runWorkerOnce } from "./worker";

// Finding 9 of the security review: an unlock create_order can take longer than the placement
// lease (budget wait + a 409 wait + the 45 s timeout against 90 s). Without renewal another
// worker takes the order as abandoned and parks it, the create's answer no longer lands, and
// the ticket id (credits spent) was neither stored nor logged. Here the lease is 1 s and the
// emulator holds create_order for 3 s while a second worker round runs.

let tb: OrderTestbed;
beforeAll(async () => {
  tb = await startOrderTestbed();
});
afterAll(async () => tb?.close());
beforeEach(async () => {
  await tb.clearFaults();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const LEASE_MS = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (workerId: string) => runWorkerOnce(tb.db, { workerId, leaseMs: LEASE_MS, clients: tb.clients });
const unlockDetail = {
  deviceId: UNLOCK_PAIR.deviceId,
  networkId: UNLOCK_PAIR.networkId,
  imei: IMEI.availableAtOnce,
  toolId: UNLOCK_PAIR.toolDays,
  guaranteedTimeType: "days",
};

async function slowCreateInFlight() {
  const order = await tb.paidOrder("unlock", unlockDetail);
  await tb.fault({ method: "POST", path: "/create_order/**", kind: "latency", latencyMs: 3_000, times: 1 });
  const first = round("worker-A");
  // The create has been recorded as sent: the call is in flight.
  await expect
    .poll(async () => readPlacement((await tb.reload(order.id)).detail)?.state, { timeout: 5_000, interval: 20 })
    .toBe("sending");
  return { order, first };
}

describe("a placement that outlasts its lease", () => {
  it("renews the lease while create_order runs: a second worker leaves the order alone and it ends placed with its ticket", async () => {
    const { order, first } = await slowCreateInFlight();
    await sleep(LEASE_MS * 1.5); // past the lease the claim took
    const second = await round("worker-B");
    expect(second.claimed).toBe(0);
    const held = await tb.reload(order.id);
    expect(held).toMatchObject({ status: "placing", leaseOwner: "worker-A" });
    expect(held.leaseUntil!.getTime()).toBeGreaterThan(Date.now());

    expect(await first).toMatchObject({ claimed: 1, placed: 1, errors: 0 });
    const placed = await tb.reload(order.id);
    expect(placed).toMatchObject({
      status: "placed",
      upstreamOrderId: expect.stringMatching(/^\d+$/),
      leaseOwner: null,
      leaseUntil: null,
    });
    const types = (await tb.events(order.id)).map((e) => e.type);
    expect(types).not.toContain("late_answer");
    expect((await tb.events(order.id)).filter((e) => e.toStatus === "needs_attention")).toHaveLength(0);
  });

  it("records the ticket id on the order, its timeline and the error log when the lease is lost anyway", async () => {
    const errors = vi.spyOn(logger, "error");
    const { order, first } = await slowCreateInFlight();
    // Someone else takes the lease (renewal now fails), then it lapses: a fresh worker reconciles.
    await tb.db.order.update({
      where: { id: order.id },
      data: { leaseOwner: "intruder", leaseUntil: new Date(Date.now() - 1) },
    });
    await sleep(LEASE_MS * 1.2); // nextPollAt (the first lease's end) is due
    expect(await round("worker-B")).toMatchObject({ claimed: 1, reconciled: 1 });
    expect(await tb.reload(order.id)).toMatchObject({ status: "needs_attention", upstreamOrderId: null });

    await first;
    const after = await tb.reload(order.id);
    const ticket = after.upstreamOrderId;
    expect(ticket).toMatch(/^\d+$/);
    // Stays where the reconciler put it (staff decide), with the ticket on the order …
    expect(after.status).toBe("needs_attention");
    expect(readPlacement(after.detail)).toMatchObject({ upstreamOrderId: ticket });
    // … on its timeline …
    const late = (await tb.events(order.id)).find((e) => e.type === "late_answer");
    expect(late).toBeDefined();
    expect(late!.message).toContain(ticket!);
    expect(late!.data).toMatchObject({ upstreamOrderId: ticket, stored: true });
    // … and in the error log with the order id.
    expect(
      errors.mock.calls.some(
        ([fields]) =>
          typeof fields === "object" &&
          fields !== null &&
          (fields as Record<string, unknown>).orderId === order.id &&
          (fields as Record<string, unknown>).upstreamOrderId === ticket,
      ),
    ).toBe(true);
  });
});
