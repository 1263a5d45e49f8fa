import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPlacement } from "@/lib/orders/detail";
import { IMEI, startOrderTestbed, UNLOCK_PAIR, type OrderTestbed } from "@/testing/orders";
import { startWorkerProcess, waitForWorker } from "@/testing/worker-process";

// `npm run worker` stopped (SIGTERM, as systemd or a container runtime stops it) while the
// unlocking API holds an unlock create open: the worker waits for the answer and records it
// before it leaves, so the order is placed with its ticket, not parked as an unknown outcome
// for staff (docs/deploy.md "Stopping").

let tb: OrderTestbed;
beforeAll(async () => void (tb = await startOrderTestbed()), 60_000);
afterAll(() => tb?.close());

describe("npm run worker stopped during an unlock create", () => {
  it("waits for the held create's answer, records the ticket, and exits 0", async () => {
    const order = await tb.paidOrder("unlock", {
      deviceId: UNLOCK_PAIR.deviceId,
      networkId: UNLOCK_PAIR.networkId,
      imei: IMEI.availableAtOnce,
      toolId: UNLOCK_PAIR.toolDays,
      guaranteedTimeType: "days",
    });
    // The create takes effect upstream at once; its answer is held for 3 s.
    await tb.fault({ method: "POST", path: "/create_order/**", kind: "slow_answer", latencyMs: 3_000, times: 1 });
    await tb.resetCounters();

    const { child, output, exited } = startWorkerProcess(tb);
    try {
      // The create has reached the emulator, which holds its answer.
      await waitForWorker(
        "the unlock create",
        async () =>
          Object.entries(await tb.counters()).some(([route, n]) => route.startsWith("POST /create_order/") && n > 0),
        output,
      );
      expect((await tb.reload(order.id)).status).toBe("placing");

      const stoppedAt = Date.now();
      child.kill("SIGTERM");
      expect(await exited, output()).toBe(0);
      // It waited for the answer rather than leaving at once (the answer was ~3 s away).
      expect(Date.now() - stoppedAt).toBeGreaterThan(1_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }

    const after = await tb.reload(order.id);
    expect(after).toMatchObject({
      status: "placed",
      upstreamOrderId: expect.stringMatching(/^\d+$/),
      leaseOwner: null,
    });
    expect(readPlacement(after.detail)).toMatchObject({ state: "answered" });
    expect((await tb.events(order.id)).map((e) => e.toStatus)).not.toContain("needs_attention");
  }, 120_000);
});
