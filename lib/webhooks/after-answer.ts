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
  const run = () => task().catch((error: unknown) => logger.error({ err: error }, "webhook work after the answer failed"));
  try {
    after(run);
  } catch {
    // "`after` was called outside a request scope": no response to wait for.
    const running = run().finally(() => detached.delete(running));
    detached.add(running);
  }
};

/**
 * For a receiver answering outside Next.js (scripts/serve.mjs's front door, ./front-route.ts):
 * `concurrency` tasks at a time, after the answer has been written, the rest waiting in order.
 * A burst of deliveries is stored and answered first, and processed as the process has room;
 * past `maxWaiting`, a task is not kept in memory: its receipt stays "received" for the sweep
 * (which takes 20 a minute: the bound is set so a burst of thousands, a few KB each, still
 * waits here).
 */
export function queuedAfterAnswer(concurrency = 2, maxWaiting = 10_000): AfterAnswer {
  const waiting: Array<() => Promise<unknown>> = [];
  let running = 0;
  const next = () => {
    while (running < concurrency && waiting.length > 0) {
      const task = waiting.shift()!;
      running += 1;
      const done = task()
        .catch((error: unknown) => logger.error({ err: error }, "webhook work after the answer failed"))
        .finally(() => {
          running -= 1;
          detached.delete(done);
          next();
        });
      detached.add(done);
    }
  };
  return (task) => {
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
