import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { logger } from "@/lib/log";
import { refreshSearchIndex } from "@/lib/admin/orders/search-index";
import { trimWebhookReceipts } from "@/lib/webhooks/retention";
import { sealPlainFulfillments } from "./sealed-fulfillment";
import { startWorker, type RunningWorker } from "./worker";

// The app's order worker: one per process (instrumentation.ts inside Next.js, or
// scripts/worker.ts standalone), configured from the environment, on the app's database and
// upstream clients. A globalThis guard keeps a second start (dev reloads, a second register
// call) from running two loops in one process.

/** A bound on the worker's indexing per minute, so a large backlog cannot hold up order processing. */
const SEARCH_INDEX_ROWS_PER_MINUTE = 10_000;

const holder = globalThis as unknown as { __orderWorker?: Promise<RunningWorker> };

export function newWorkerId(role: "app" | "standalone"): string {
  return `${role}:${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export function startAppWorker(role: "app" | "standalone" = "app"): Promise<RunningWorker> {
  holder.__orderWorker ??= (async () => {
    const [{ db }, { env }] = await Promise.all([import("@/lib/db"), import("@/lib/env")]);
    const housekeeping = await paymentHousekeeping();
    const worker = startWorker({
      db,
      workerId: newWorkerId(role),
      intervalMs: env.ORDER_WORKER_INTERVAL_MS,
      polling: env.ORDER_POLLING === "on",
      housekeeping: {
        everyMs: 60_000,
        run: async (now) => {
          await housekeeping?.(db, now);
          // Keeps the staff search index close to current, so a search rarely waits for it.
          await refreshSearchIndex(db, { maxRows: SEARCH_INDEX_ROWS_PER_MINUTE });
          // Delivered secrets of orders written before they were sealed at rest: sealed once, in
          // bounded batches, until none is left (lib/orders/sealed-fulfillment.ts).
          await sealPlainFulfillments(db, { maxRows: SEARCH_INDEX_ROWS_PER_MINUTE });
          // Webhook receipts older than the retention go, in bounded batches (last, so a
          // failure here never holds up the payments' or the search index's work).
          await trimWebhookReceipts(db, { now, retentionDays: env.WEBHOOK_RECEIPT_RETENTION_DAYS });
        },
      },
    });
    logger.info({ workerId: worker.workerId, polling: env.ORDER_POLLING, intervalMs: env.ORDER_WORKER_INTERVAL_MS }, "order worker started");
    return worker;
  })();
  return holder.__orderWorker;
}

/**
 * The payments module's part of this process (docs/orders.md "Payments"): importing it installs
 * the refund hook that the order core calls for orders failing after payment (hooks.ts), and
 * its housekeeping (abandoned checkouts, stranded payments) runs with the worker every minute,
 * before the staff search index's refresh.
 * Should it fail to load, the worker still runs: failed orders then wait as "refund pending".
 */
async function paymentHousekeeping() {
  try {
    const payments = await import("@/lib/payments");
    payments.installPaymentHooks();
    return payments.runPaymentHousekeeping;
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "payments module not loaded: refunds after failed orders wait for staff");
    return undefined;
  }
}

export async function stopAppWorker(): Promise<void> {
  const running = holder.__orderWorker;
  holder.__orderWorker = undefined;
  if (running) await (await running).stop();
}
