// The front door's way of working after the answer (queuedAfterAnswer): never in the turn that
// writes the answer, a few at a time, at a trickle during a burst of deliveries, and past its
// bound left to the sweep rather than held.
import { describe, expect, it } from "vitest";
import { queuedAfterAnswer, settleDetachedWork } from "./after-answer";

describe("queuedAfterAnswer", () => {
  it("starts nothing in the current turn, runs at most `concurrency` at once, in order", async () => {
    const afterAnswer = queuedAfterAnswer({ concurrency: 2, maxWaiting: 100 });
    const started: number[] = [];
    let running = 0;
    let most = 0;
    for (let i = 0; i < 6; i++) {
      afterAnswer(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      });
    }
    expect(started).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    await settleDetachedWork();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it("keeps no more than `maxWaiting` tasks: the rest are not run (their receipts wait for the sweep)", async () => {
    const afterAnswer = queuedAfterAnswer({ concurrency: 1, maxWaiting: 3 });
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) afterAnswer(async () => void ran.push(i));
    await new Promise((resolve) => setImmediate(resolve));
    await settleDetachedWork();
    expect(ran).toEqual([0, 1, 2]);
  });

  it("goes on after a task that fails", async () => {
    const afterAnswer = queuedAfterAnswer({ concurrency: 1, maxWaiting: 10 });
    const ran: string[] = [];
    afterAnswer(async () => {
      throw new Error("processing failed");
    });
    afterAnswer(async () => void ran.push("next"));
    await new Promise((resolve) => setImmediate(resolve));
    await settleDetachedWork();
    expect(ran).toEqual(["next"]);
  });

  it("during a burst starts one task at a time at most every startEveryMs, and all of them once the burst is over", async () => {
    const afterAnswer = queuedAfterAnswer({
      concurrency: 4,
      maxWaiting: 1000,
      burst: { arrivalsPerSecond: 100, startEveryMs: 50 },
    });
    const started: number[] = [];
    // 60 tasks within one window of 250 ms: 240 a second, a burst.
    for (let i = 0; i < 60; i++) afterAnswer(async () => void started.push(Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(started.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < started.length; i++) expect(started[i]! - started[i - 1]!).toBeGreaterThanOrEqual(45);
    // No more arrivals: within two windows the burst is over and the rest run at full pace.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await settleDetachedWork();
    expect(started).toHaveLength(60);
  });

  it("is no burst below the rate: tasks run at once", async () => {
    const afterAnswer = queuedAfterAnswer({
      concurrency: 2,
      maxWaiting: 100,
      burst: { arrivalsPerSecond: 100, startEveryMs: 1000 },
    });
    const ran: number[] = [];
    for (let i = 0; i < 10; i++) afterAnswer(async () => void ran.push(i));
    await new Promise((resolve) => setImmediate(resolve));
    await settleDetachedWork();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
