import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { refreshSearchIndex } from "@/lib/admin/orders/search-index";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { appMailer } from "@/lib/mail/app-mailer";
import { deliverQueuedMail } from "@/lib/mail/delivery";
import { sealPlainFulfillments } from "@/lib/orders/sealed-fulfillment";
import { startWorker, type RunningWorker } from "@/lib/orders/worker";
import { runPaymentHousekeeping } from "@/lib/payments/housekeeping";
import { runRefundTasks } from "@/lib/payments/refund-tasks";
import { onStop } from "@/lib/process/graceful-stop.mjs";
import { trimWebhookReceipts } from "@/lib/webhooks/retention";
import { sweepWebhookReceipts } from "@/lib/webhooks/sweep";

// The app's order worker: one per process (instrumentation.ts inside Next.js, or
// scripts/worker.ts standalone), configured from the environment, on the app's database and
// upstream clients. A globalThis guard keeps a second start (dev reloads, a second register
// call) from running two loops in one process. It lives above the order core, payments and
// webhooks because it wires them together: the refunds owed (lib/payments/refund-tasks.ts),
// the payments' housekeeping and the mail outbox's delivery run with it.

/** A bound on the worker's indexing per minute, so a large backlog cannot hold up order processing. */
const SEARCH_INDEX_ROWS_PER_MINUTE = 10_000;

const holder = globalThis as unknown as { __orderWorker?: Promise<RunningWorker>; __orderWorkerStopHook?: () => void };

export function newWorkerId(role: "app" | "standalone"): string {
  return `${role}:${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
}

export function startAppWorker(role: "app" | "standalone" = "app"): Promise<RunningWorker> {
  holder.__orderWorker ??= (async () => {
    const workerId = newWorkerId(role);
    const worker = startWorker({
      db,
      workerId,
      intervalMs: env.ORDER_WORKER_INTERVAL_MS,
      polling: env.ORDER_POLLING === "on",
      // Refunds owed by failed or cancelled orders, each round before the orders (docs/orders.md
      // "Refund after a failure"); the refund's mail goes out in the same round.
      beforeOrders: (now) => runRefundTasks(db, { runnerId: workerId, now }),
      // Queued mail goes out within a round (lib/mail/outbox.ts retries what the server refuses).
      eachRound: () => deliverQueuedMail(db, appMailer()),
      housekeeping: {
        everyMs: 60_000,
        run: async (now) => {
          // Webhook receipts whose processing after the answer failed or was lost, retried with
          // backoff (lib/webhooks/sweep.ts). First and on its own: the receiver does not ask
          // the sender to retry, so nothing else in this round may hold it up.
          await sweepWebhookReceipts(db).catch((error: unknown) =>
            logger.error({ err: error instanceof Error ? error.message : String(error) }, "webhook sweep failed"),
          );
          // Abandoned checkouts, stranded payments (docs/orders.md "Payments").
          await runPaymentHousekeeping(db, now);
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
    logger.info(
      { workerId: worker.workerId, polling: env.ORDER_POLLING, intervalMs: env.ORDER_WORKER_INTERVAL_MS },
      "order worker started",
    );
    // A graceful stop of the process (SIGTERM) lets the round in progress finish: its creates
    // are answered and recorded, its leases given back (lib/process/graceful-stop.mjs).
    holder.__orderWorkerStopHook ??= onStop(() => stopAppWorker());
    return worker;
  })();
  return holder.__orderWorker;
}

export async function stopAppWorker(): Promise<void> {
  const running = holder.__orderWorker;
  holder.__orderWorker = undefined;
  if (running) await (await running).stop();
}
