import { after } from "next/server";
import { logger } from "@/lib/log";

// Work a webhook route does after its answer has gone out (processing a stored receipt): the
// sender is not held by the order core, and a slow or failing step cannot turn a durably
// stored delivery into an error answer. Inside a request, Next's after() runs it once the
// response is sent (and keeps the server alive for it). Called outside a request (a test or
// script calling the route's POST directly), it runs detached at once. Either way a task that
// is lost (a crash, a deploy) leaves its receipt "received" for the sweep (sweep.ts).

/** How a receiver hands work to after its answer. */
export type AfterAnswer = (task: () => Promise<unknown>) => void;

const detached = new Set<Promise<unknown>>();

export const afterAnswer: AfterAnswer = (task) => {
  const run = () =>
    task().catch((error: unknown) => logger.error({ err: error }, "webhook work after the answer failed"));
  try {
    after(run);
  } catch {
    // "`after` was called outside a request scope": no response to wait for.
    const running = run().finally(() => detached.delete(running));
    detached.add(running);
  }
};

export type QueueOptions = {
  /** Tasks run at once. */
  concurrency?: number;
  /** Tasks kept waiting; past this, a task is dropped and its receipt left to the sweep. */
  maxWaiting?: number;
  /**
   * A burst: tasks handed in faster than `arrivalsPerSecond`. During one, a task starts only
   * every `startEveryMs`, one at a time, so the process spends itself on storing and answering
   * the deliveries (processing one costs ~4× storing it, and interleaving the two costs more
   * than doing them one after the other: docs/benchmarks.md).
   */
  burst?: { arrivalsPerSecond: number; startEveryMs: number };
};

/** Arrivals are counted in windows this long; a burst ends one to two windows after the last busy one. */
const ARRIVAL_WINDOW_MS = 250;

/**
 * For a receiver answering outside Next.js (scripts/serve.mjs's front door, ./front-route.ts):
 * tasks run after the answer has been written, `concurrency` at a time, the rest waiting in
 * order. The upstream's request budget keeps real traffic to a few deliveries a second; a burst
 * far above it (a backlog redelivered after an outage) is stored and acknowledged first, and
 * processed at a trickle (one a second) until it ends, then at full pace. Past `maxWaiting`, a task is not kept
 * in memory: its receipt stays "received" for the sweep (which takes 20 a minute: the bound is
 * set so a burst of thousands, a few KB each, still waits here).
 */
export function queuedAfterAnswer({
  concurrency = 2,
  maxWaiting = 10_000,
  burst = { arrivalsPerSecond: 300, startEveryMs: 1000 },
}: QueueOptions = {}): AfterAnswer {
  const waiting: Array<() => Promise<unknown>> = [];
  const burstPerWindow = (burst.arrivalsPerSecond * ARRIVAL_WINDOW_MS) / 1000;
  let running = 0;
  let windowStart = 0;
  let arrivals = 0;
  let previousArrivals = 0;
  let lastStart = 0;
  let recheck: NodeJS.Timeout | undefined;

  const countArrival = (now: number) => {
    if (now - windowStart >= ARRIVAL_WINDOW_MS) {
      previousArrivals = now - windowStart < 2 * ARRIVAL_WINDOW_MS ? arrivals : 0;
      windowStart = now;
      arrivals = 0;
    }
    arrivals += 1;
  };
  const inBurst = (now: number) => {
    if (now - windowStart >= 2 * ARRIVAL_WINDOW_MS) return false;
    return arrivals >= burstPerWindow || previousArrivals >= burstPerWindow;
  };
  const start = (task: () => Promise<unknown>, now: number) => {
    running += 1;
    lastStart = now;
    const done = task()
      .catch((error: unknown) => logger.error({ err: error }, "webhook work after the answer failed"))
      .finally(() => {
        running -= 1;
        detached.delete(done);
        next();
      });
    detached.add(done);
  };
  const next = () => {
    while (waiting.length > 0) {
      const now = Date.now();
      if (!inBurst(now)) {
        if (running >= concurrency) return;
      } else if (running > 0 || now - lastStart < burst.startEveryMs) {
        // Held back: look again when the next start is due, or the burst may be over (a task's end also looks again).
        recheck ??= setTimeout(
          () => {
            recheck = undefined;
            next();
          },
          Math.max(1, Math.min(burst.startEveryMs - (now - lastStart), ARRIVAL_WINDOW_MS)),
        );
        return;
      }
      start(waiting.shift()!, now);
    }
  };
  return (task) => {
    countArrival(Date.now());
    if (waiting.length >= maxWaiting) {
      logger.warn({ waiting: waiting.length }, "webhook processing queue full: the receipt is left to the sweep");
      return;
    }
    waiting.push(task);
    // After the answer: the receiver writes it in this turn of the event loop.
    setImmediate(next);
  };
}

/** Resolves once every task started outside a request has finished (tests; a graceful stop). */
export async function settleDetachedWork(): Promise<void> {
  while (detached.size > 0) await Promise.all([...detached]);
}
