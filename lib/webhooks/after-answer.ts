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

/** Resolves once every task started outside a request has finished (tests; a graceful stop). */
export async function settleDetachedWork(): Promise<void> {
  while (detached.size > 0) await Promise.all([...detached]);
}
