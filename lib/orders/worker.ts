import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import { logger } from "@/lib/log";
import { resolveClients, type UpstreamClients } from "./clients";
import { COMMERCE_PRODUCT_TYPES } from "@/lib/products/registry";
import { pollCheckout } from "./payment-link";
import { continuePlacement, placeOrder, PLACEMENT_LEASE_MS, renewLease } from "./placement";
import { pollOrder, recheckCredits, type PollResult } from "./poll";
import { onRefundOwed, transition } from "./lifecycle";
import { BUYER_REASONS, MAX_PLACEMENT_ATTEMPTS } from "./placement-outcomes";
import { after, reconcileDelayMs } from "./schedule";

// The order worker (docs/orders.md "The worker"): claims due orders with a lease, then
//   paid             → places it (placeOrder)
//   placing          → reconciles it (placement looks it up before any new attempt)
//   placed           → polls the upstream status and applies it
//   needs_attention  → polls it if the upstream holds it (MANUAL_REVISION), or re-checks the
//                      credit balance of an INSUFFICIENT_CREDITS order
//   awaiting_payment → (payment-link checkouts) asks whether the buyer paid
// and releases the lease with the next time to look. Any number of workers (in the app, in
// `npm run worker`, on several machines) share the work through the database.

export type ClaimOptions = {
  workerId: string;
  limit?: number;
  leaseMs?: number;
  now?: Date;
  /** false (ORDER_POLLING=off): commerce orders are not polled; webhooks alone move them. */
  polling?: boolean;
};

export const DEFAULT_CLAIM_LIMIT = 10;

function leaseFree(now: Date): Prisma.OrderWhereInput {
  return { OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
}

function dueOrders(now: Date, polling: boolean): Prisma.OrderWhereInput {
  const due = { lte: now };
  return {
    OR: [
      // Paid and not yet placed: due at once (nextPollAt unset) or when scheduled.
      { status: "paid", OR: [{ nextPollAt: null }, { nextPollAt: due }] },
      { status: "placing", nextPollAt: due },
      {
        status: { in: ["placed", "needs_attention"] },
        nextPollAt: due,
        ...(polling
          ? {}
          : { OR: [{ productType: { notIn: [...COMMERCE_PRODUCT_TYPES] } }, { upstreamOrderId: null }] }),
      },
      ...(polling ? [{ status: "awaiting_payment" as const, checkoutHash: { not: null }, nextPollAt: due }] : []),
    ],
  };
}

/**
 * Claims up to `limit` due orders for `workerId`: a conditional update that re-checks "due and
 * not leased" in its WHERE, so of two workers racing for a row only one gets it (PostgreSQL
 * re-evaluates the condition on the locked row; SQLite serialises writers). Then reads back
 * exactly the rows this claim holds.
 */
export async function claimDueOrders(db: DbClient, options: ClaimOptions): Promise<Order[]> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? DEFAULT_CLAIM_LIMIT;
  const condition: Prisma.OrderWhereInput = { AND: [dueOrders(now, options.polling ?? true), leaseFree(now)] };
  const candidates = await db.order.findMany({
    where: condition,
    select: { id: true },
    orderBy: [{ nextPollAt: "asc" }, { createdAt: "asc" }],
    take: limit,
  });
  if (candidates.length === 0) return [];
  const ids = candidates.map((c) => c.id);
  const leaseUntil = after(now, options.leaseMs ?? PLACEMENT_LEASE_MS);
  const claimed = await db.order.updateMany({
    where: { AND: [{ id: { in: ids } }, condition] },
    data: { leaseOwner: options.workerId, leaseUntil },
  });
  if (claimed.count === 0) return [];
  return db.order.findMany({
    where: { id: { in: ids }, leaseOwner: options.workerId, leaseUntil },
    orderBy: [{ nextPollAt: "asc" }, { createdAt: "asc" }],
  });
}

export type WorkerOptions = ClaimOptions & {
  clients?: Partial<UpstreamClients>;
};

export type WorkerRun = { claimed: number; placed: number; reconciled: number; polled: number; errors: number };

export async function runWorkerOnce(db: DbClient, options: WorkerOptions): Promise<WorkerRun> {
  const now = options.now ?? new Date();
  const run: WorkerRun = { claimed: 0, placed: 0, reconciled: 0, polled: 0, errors: 0 };
  const orders = await claimDueOrders(db, { ...options, now });
  run.claimed = orders.length;
  if (orders.length === 0) return run;
  const clients = await resolveClients(options.clients);

  await Promise.all(
    orders.map(async (order) => {
      let result: PollResult = { polled: false };
      try {
        result = await handle(db, order, { ...options, now, clients }, run);
      } catch (error) {
        run.errors++;
        result = await afterHandlingFailed(db, order, error, { ...options, now });
      }
      await release(db, order.id, options.workerId, result);
    }),
  );
  return run;
}

async function handle(
  db: DbClient,
  order: Order,
  options: WorkerOptions & { now: Date; clients: UpstreamClients },
  run: WorkerRun,
): Promise<PollResult> {
  const common = { source: "worker" as const, actor: options.workerId, clients: options.clients, now: options.now };
  const pollContext = { db, clients: options.clients, workerId: options.workerId, now: options.now };
  switch (order.status) {
    case "paid": {
      if (await placeOrder(db, order.id, { ...common, leaseOwner: options.workerId, leaseMs: options.leaseMs })) {
        run.placed++;
        return { polled: false };
      }
      // Not placeable by this worker (someone else placed it meanwhile, or it is not a credits
      // order): leave it for a minute rather than claim it again every round.
      const still = await db.order.findUnique({ where: { id: order.id }, select: { status: true } });
      return still?.status === "paid" ? { next: after(options.now, 60_000), polled: false } : { polled: false };
    }
    case "placing": {
      run.reconciled++;
      // A re-send can take as long as the first create: the lease is renewed meanwhile.
      const stopRenewing = renewLease(db, order.id, options.workerId, {
        leaseMs: options.leaseMs ?? PLACEMENT_LEASE_MS,
        now: options.now,
      });
      try {
        await continuePlacement(db, order, common);
      } finally {
        await stopRenewing();
      }
      return { polled: false };
    }
    case "placed":
    case "needs_attention": {
      const result = order.upstreamOrderId
        ? await pollOrder(pollContext, order)
        : await recheckCredits(pollContext, order);
      if (result.polled) run.polled++;
      return result;
    }
    case "awaiting_payment": {
      run.polled++;
      const { nextPollAt } = await pollCheckout(db, order, {
        commerce: options.clients.commerce,
        now: options.now,
        actor: options.workerId,
      });
      return { next: nextPollAt, polled: true };
    }
    default:
      return { next: null, polled: false };
  }
}

/**
 * Handling an order threw (a database refusal, a bug, an answer nothing expected). It is tried
 * again with backoff, counting failed rounds in pollAttempts; an order that has not reached the
 * upstream for sure (paid, placing) waits for staff after MAX_PLACEMENT_ATTEMPTS failed rounds
 * instead of being retried for ever.
 */
async function afterHandlingFailed(
  db: DbClient,
  order: Order,
  error: unknown,
  options: WorkerOptions & { now: Date },
): Promise<PollResult> {
  const message = error instanceof Error ? error.message : String(error);
  const failures = order.pollAttempts + 1;
  logger.error(
    { orderId: order.id, status: order.status, failures, err: message },
    "order worker: handling an order failed",
  );
  if ((order.status === "paid" || order.status === "placing") && failures >= MAX_PLACEMENT_ATTEMPTS) {
    const parked = await transition(db, {
      orderId: order.id,
      from: order.status,
      to: "needs_attention",
      source: "worker",
      actor: options.workerId,
      message: `Handling this order failed ${failures} times in a row (last error: ${message.slice(0, 300)}). Check it with the supplier, then retry or refund.`,
      data: { code: "retries_exhausted", failures },
      patch: { statusReason: BUYER_REASONS.retries_exhausted, nextPollAt: null, pollAttempts: 0 },
    }).catch(() => null);
    if (parked) return { polled: false };
  }
  return { next: after(options.now, reconcileDelayMs(order.pollAttempts)), polled: true };
}

/** Gives the order back, with the next time to look at it (unless the handler left it as set). */
async function release(db: DbClient, orderId: string, workerId: string, result: PollResult): Promise<void> {
  const data: Prisma.OrderUpdateManyMutationInput = { leaseOwner: null, leaseUntil: null };
  if (result.next !== undefined) data.nextPollAt = result.next;
  if (result.polled) data.pollAttempts = { increment: 1 };
  // An order placeOrder already released (same owner) is released again harmlessly: match by id
  // and by "not held by someone else".
  await db.order.updateMany({ where: { id: orderId, OR: [{ leaseOwner: workerId }, { leaseOwner: null }] }, data });
}

export type RunningWorker = { workerId: string; stop: () => Promise<void> };

export type StartWorkerOptions = Omit<WorkerOptions, "now"> & {
  db: DbClient;
  intervalMs?: number;
  /** Other periodic jobs that belong with the worker (e.g. the payments module's housekeeping). */
  housekeeping?: { everyMs: number; run: (now: Date) => Promise<unknown> };
  /**
   * Work done every round before the orders (the refunds owed: lib/payments/refund-tasks.ts), so
   * a refund owed by this round's orders is made by the next round, as its own step; its failure is
   * logged, never the loop's.
   */
  beforeOrders?: (now: Date) => Promise<unknown>;
  /** Work done every round, after the orders (e.g. delivering queued mail); its failure is logged, never the loop's. */
  eachRound?: (now: Date) => Promise<unknown>;
};

/**
 * A loop of runWorkerOnce with ±20 % jitter between rounds (no pause while there is a backlog).
 * A transition in this process that owes a refund ends the pause (lifecycle.ts onRefundOwed).
 */
export function startWorker(options: StartWorkerOptions): RunningWorker {
  const { db, intervalMs = 2_000, housekeeping, beforeOrders, eachRound, ...workerOptions } = options;
  const limit = workerOptions.limit ?? DEFAULT_CLAIM_LIMIT;
  let stopped = false;
  let wake: (() => void) | undefined;
  let lastHousekeeping = 0;
  const stopListening = onRefundOwed(() => wake?.());

  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      if (housekeeping && Date.now() - lastHousekeeping >= housekeeping.everyMs) {
        lastHousekeeping = Date.now();
        await housekeeping.run(new Date()).catch((error: unknown) => {
          logger.error(
            { workerId: workerOptions.workerId, err: error instanceof Error ? error.message : String(error) },
            "order worker housekeeping failed",
          );
        });
      }
      await beforeOrders?.(new Date()).catch((error: unknown) => {
        logger.error(
          { workerId: workerOptions.workerId, err: error instanceof Error ? error.message : String(error) },
          "order worker: work before the orders failed",
        );
      });
      try {
        const run = await runWorkerOnce(db, workerOptions);
        busy = run.claimed >= limit;
      } catch (error) {
        logger.error(
          { workerId: workerOptions.workerId, err: error instanceof Error ? error.message : String(error) },
          "order worker round failed",
        );
      }
      await eachRound?.(new Date()).catch((error: unknown) => {
        logger.error(
          { workerId: workerOptions.workerId, err: error instanceof Error ? error.message : String(error) },
          "order worker: work of the round failed",
        );
      });
      if (stopped) break;
      const delay = busy ? 0 : Math.round(intervalMs * (0.8 + Math.random() * 0.4));
      // Only a pause can be ended: a wake-up during a round changes nothing.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    workerId: workerOptions.workerId,
    stop: async () => {
      stopped = true;
      stopListening();
      wake?.();
      await loop;
    },
  };
}
