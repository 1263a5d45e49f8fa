import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { logger } from "@/lib/log";
import { readPlacement } from "./detail";
import { IMEI, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import type { UpstreamClients } from "./clients";
import { runWorkerOnce } from "./worker";

// An unlock create_order can take longer than the placement lease (budget wait + a 409 wait +
// the 45 s timeout against 90 s). The lease is renewed while the call runs, so another worker
// does not take the order as abandoned and park it, and the create's answer (a ticket: credits
// spent) still lands. Here create_order is held until the test lets it go, and the second
// worker's round runs on a clock past the lease the claim took: no real time has to pass.

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
const round = (workerId: string, options: { clients?: UpstreamClients; now?: Date } = {}) =>
  runWorkerOnce(tb.db, {
    workerId,
    leaseMs: LEASE_MS,
    clients: options.clients ?? tb.clients,
    now: options.now,
  });
const unlockDetail = {
  deviceId: UNLOCK_PAIR.deviceId,
  networkId: UNLOCK_PAIR.networkId,
  imei: IMEI.availableAtOnce,
  toolId: UNLOCK_PAIR.toolDays,
  guaranteedTimeType: "days",
};

/** Worker A's round with its create_order held in flight until `letGo()`. */
async function createHeldInFlight() {
  const order = await tb.paidOrder("unlock", unlockDetail);
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  // A failed assertion must not leave the call held.
  onTestFinished(() => letGo());
  let called!: () => void;
  const createCalled = new Promise<void>((resolve) => (called = resolve));
  const clients: UpstreamClients = {
    ...tb.clients,
    unlock: {
      ...tb.clients.unlock,
      createOrder: async (input) => {
        called();
        await held;
        return tb.clients.unlock.createOrder(input);
      },
    },
  };
  const first = round("worker-A", { clients });
  await createCalled;
  const claimed = await tb.reload(order.id);
  // The create has been recorded as sent: the call is in flight.
  expect(readPlacement(claimed.detail)?.state).toBe("sending");
  expect(claimed).toMatchObject({ status: "placing", leaseOwner: "worker-A" });
  // nextPollAt is the end of the lease the claim took (renewals move only leaseUntil).
  return { order, first, letGo, claimedUntil: claimed.nextPollAt!.getTime() };
}

describe("a placement that outlasts its lease", () => {
  it("renews the lease while create_order runs: a second worker leaves the order alone and it ends placed with its ticket", async () => {
    const { order, first, letGo, claimedUntil } = await createHeldInFlight();
    // Worker A renews its lease on its own (every third of the lease) while the call runs.
    await expect
      .poll(async () => (await tb.reload(order.id)).leaseUntil!.getTime(), { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(claimedUntil);
    const pastTheClaimedLease = new Date(claimedUntil + 1);
    const second = await round("worker-B", { now: pastTheClaimedLease });
    expect(second.claimed).toBe(0);
    const held = await tb.reload(order.id);
    expect(held).toMatchObject({ status: "placing", leaseOwner: "worker-A" });
    expect(held.leaseUntil!.getTime()).toBeGreaterThan(pastTheClaimedLease.getTime());

    letGo();
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
    const { order, first, letGo, claimedUntil } = await createHeldInFlight();
    // Someone else takes the lease (renewal now fails) until the end of the lease the claim took
    // (nextPollAt), when a fresh worker reconciles the order.
    await tb.db.order.update({
      where: { id: order.id },
      data: { leaseOwner: "intruder", leaseUntil: new Date(claimedUntil) },
    });
    expect(await round("worker-B", { now: new Date(claimedUntil + 1) })).toMatchObject({ claimed: 1, reconciled: 1 });
    expect(await tb.reload(order.id)).toMatchObject({ status: "needs_attention", upstreamOrderId: null });

    letGo();
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
