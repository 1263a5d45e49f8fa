import type { DbClient } from "@/lib/db/create-client";
import type { RefundTask } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { owesRefund } from "@/lib/orders/refund-due";
import { type ProviderLookup } from "./providers";
import { refundPayment } from "./refund";
import { PaymentError } from "./types";

// The refunds owed after a failed or cancelled order (docs/orders.md "Refund after a failure").
// The transition that ends the order writes a RefundTask in its own transaction
// (lib/orders/refund-due.ts); the worker carries the due ones out here, every round. An attempt
// holds its task for a lease, so of several workers and app instances only one refunds it;
// refundPayment is idempotent per payment, so an attempt cut short by a crash is finished by
// the next one and never pays twice. A provider error is retried with backoff; after the last
// attempt, or at once for an error no retry can cure, the task ends "failed" and the order's
// timeline gets one "refund_failed" event for staff.

/** Attempts before a refund waits for staff. */
export const MAX_REFUND_ATTEMPTS = 6;
/** How long an attempt holds its task: far longer than a provider call. */
export const REFUND_TASK_LEASE_MS = 2 * 60_000;
/** Waits before the 2nd, 3rd, … attempt; the last one repeats. */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];

export function refundRetryDelayMs(attemptsMade: number): number {
  return BACKOFF_MS[Math.min(Math.max(attemptsMade - 1, 0), BACKOFF_MS.length - 1)]!;
}

/** Refusals that the same call would meet again: no retry, staff at once. */
const FINAL_CODES = new Set(["order_not_found", "no_payment", "not_refundable", "unknown_provider"]);

export const REFUND_FAILED_MESSAGE = "Automatic refund failed: staff must refund this order.";

export type RefundTaskRun = { refunded: number; notOwed: number; retrying: number; failed: number };

export type RefundTaskOptions = {
  /** Who carries the refunds out (the worker's id): the actor of the refund on the timeline. */
  runnerId: string;
  now?: Date;
  limit?: number;
  providers?: ProviderLookup;
};

/** Carries out up to `limit` due refunds: pending ones whose time has come and whose lease (if any) ran out. */
export async function runRefundTasks(db: DbClient, options: RefundTaskOptions): Promise<RefundTaskRun> {
  const now = options.now ?? new Date();
  const run: RefundTaskRun = { refunded: 0, notOwed: 0, retrying: 0, failed: 0 };
  const due = await db.refundTask.findMany({
    where: dueNow(now),
    orderBy: { nextAttemptAt: "asc" },
    take: options.limit ?? 20,
    select: { id: true },
  });
  for (const { id } of due) {
    const task = await claim(db, id, options.runnerId, now);
    if (task) run[await attempt(db, task, options, now)] += 1;
  }
  return run;
}

function dueNow(now: Date) {
  return {
    status: "pending",
    nextAttemptAt: { lte: now },
    OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
  };
}

/** Takes a due task for one attempt with a conditional update: of racing runners, one gets it. */
async function claim(db: DbClient, id: string, runnerId: string, now: Date): Promise<RefundTask | null> {
  const leaseUntil = new Date(now.getTime() + REFUND_TASK_LEASE_MS);
  const taken = await db.refundTask.updateMany({
    where: { id, ...dueNow(now) },
    data: { leaseOwner: runnerId, leaseUntil, attempts: { increment: 1 } },
  });
  if (taken.count === 0) return null;
  return db.refundTask.findFirst({ where: { id, leaseOwner: runnerId, leaseUntil } });
}

async function attempt(
  db: DbClient,
  task: RefundTask,
  options: RefundTaskOptions,
  now: Date,
): Promise<keyof RefundTaskRun> {
  const held = { id: task.id, status: "pending", leaseOwner: options.runnerId };
  const order = await db.order.findUnique({ where: { id: task.orderId } });
  // Refunded meanwhile (by staff, or by an attempt that died before marking its task), or moved
  // on by staff (an order that fails again owes its refund again: refund-due.ts).
  if (!order || !owesRefund(order)) {
    await db.refundTask.updateMany({
      where: held,
      data: { status: "done", doneAt: new Date(), leaseOwner: null, leaseUntil: null },
    });
    return order?.status === "refunded" ? "refunded" : "notOwed";
  }
  try {
    await refundPayment(db, order.id, {
      source: "worker",
      actor: options.runnerId,
      reason: `the order ended ${order.status} upstream`,
      providers: options.providers,
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const final = error instanceof PaymentError && FINAL_CODES.has(error.code);
    const exhausted = final || task.attempts >= MAX_REFUND_ATTEMPTS;
    logger.error(
      { orderId: order.id, attempts: task.attempts, exhausted, err: message },
      "refund after a failed order did not go through",
    );
    if (!exhausted) {
      await db.refundTask.updateMany({
        where: held,
        data: {
          error: message,
          leaseOwner: null,
          leaseUntil: null,
          nextAttemptAt: new Date(now.getTime() + refundRetryDelayMs(task.attempts)),
        },
      });
      return "retrying";
    }
    await giveUp(db, task, options.runnerId, message);
    return "failed";
  }
  await db.refundTask.updateMany({
    where: held,
    data: { status: "done", doneAt: new Date(), error: null, leaseOwner: null, leaseUntil: null },
  });
  return "refunded";
}

/** The task ends "failed" and staff get one timeline event, both or neither. */
async function giveUp(db: DbClient, task: RefundTask, runnerId: string, message: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const ended = await tx.refundTask.updateMany({
      where: { id: task.id, status: "pending", leaseOwner: runnerId },
      data: { status: "failed", error: message, leaseOwner: null, leaseUntil: null },
    });
    if (ended.count === 0) return;
    await tx.orderEvent.create({
      data: {
        orderId: task.orderId,
        type: "refund_failed",
        source: "worker",
        actor: runnerId,
        message: REFUND_FAILED_MESSAGE,
        data: { code: "refund_task_failed", attempts: task.attempts, error: message },
      },
    });
  });
}
