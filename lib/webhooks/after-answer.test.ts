// The front door's way of working after the answer (queuedAfterAnswer): never in the turn that
// writes the answer, a few at a time, and past its bound left to the sweep rather than held.
import { describe, expect, it } from "vitest";
import { queuedAfterAnswer, settleDetachedWork } from "./after-answer";

describe("queuedAfterAnswer", () => {
  it("starts nothing in the current turn, runs at most `concurrency` at once, in order", async () => {
    const afterAnswer = queuedAfterAnswer(2, 100);
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
    const afterAnswer = queuedAfterAnswer(1, 3);
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) afterAnswer(async () => void ran.push(i));
    await new Promise((resolve) => setImmediate(resolve));
    await settleDetachedWork();
    expect(ran).toEqual([0, 1, 2]);
  });

  it("goes on after a task that fails", async () => {
    const afterAnswer = queuedAfterAnswer(1, 10);
    const ran: string[] = [];
    afterAnswer(async () => {
      throw new Error("processing failed");
    });
    afterAnswer(async () => void ran.push("next"));
    await new Promise((resolve) => setImmediate(resolve));
    await settleDetachedWork();
    expect(ran).toEqual(["next"]);
  });
});
