import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDbClient, type DbClient } from "@/lib/db/create-client";
import type { OrderStatus, PaymentStatus } from "@/lib/db/generated/sqlite/enums";
import { createTemporaryDatabase, migrateDeploy } from "@/lib/db/migrate";
import { DEFAULT_MIGRATIONS_ROOT } from "@/lib/db/migrate/migrations-dir";
import { REFUND_PENDING } from "@/lib/orders/refund-due";
import { runRefundTasks } from "./refund-tasks";

// A database from before the refund tasks: the migration that adds them writes one for every
// order that owes a refund and was not refunded, so orders stuck at "Refund pending." are made
// by the worker too (SQLite, or PostgreSQL with TEST_POSTGRES_URL).

const MIGRATION = "refund_tasks";
const postgresUrl = process.env.TEST_POSTGRES_URL;
const provider = postgresUrl ? "postgresql" : "sqlite";

let database: { url: string; drop: () => Promise<void> };
let db: DbClient;
let before: string;

beforeAll(async () => {
  // The migrations up to the one before the refund tasks.
  before = mkdtempSync(join(tmpdir(), "refund-backfill-"));
  for (const dialect of ["sqlite", "postgresql"]) {
    const from = join(DEFAULT_MIGRATIONS_ROOT, dialect);
    const ours = readdirSync(from).find((entry) => entry.endsWith(`_${MIGRATION}`))!;
    for (const entry of readdirSync(from)) {
      if (/^\d{14}_/.test(entry) && entry >= ours) continue;
      cpSync(join(from, entry), join(before, dialect, entry), { recursive: true });
    }
  }
  database = await createTemporaryDatabase(provider, postgresUrl ?? "", "tmp_refund_backfill");
  await migrateDeploy(database.url, { migrationsRoot: before });
  db = createDbClient(database.url);
}, 120_000);
afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
  if (before) rmSync(before, { recursive: true, force: true });
});

async function order(status: OrderStatus, options: { mode?: string; paid?: boolean; payment?: PaymentStatus }) {
  const id = randomUUID();
  await db.order.create({
    data: {
      id,
      ref: `ref-${id}`,
      idempotencyKey: `key-${id}`,
      productType: "topup",
      status,
      customerEmail: "buyer@example.com",
      currency: "EUR",
      retailAmount: 1650,
      upstreamMode: options.mode ?? "credits",
      paidAt: options.paid === false ? null : new Date(),
      detail: {},
      statusReason: `The supplier refused the order. ${REFUND_PENDING}`,
      ...(options.payment && {
        payments: { create: { provider: "sandbox", status: options.payment, amount: 1650, currency: "EUR" } },
      }),
    },
  });
  return id;
}

describe("the refund tasks' migration", () => {
  it("owes a refund for every failed or cancelled paid credits order not refunded, and the worker makes them", async () => {
    const stuckFailed = await order("failed", { payment: "succeeded" });
    const stuckCancelled = await order("cancelled", { payment: "succeeded" });
    const refundedPayment = await order("failed", { payment: "refunded" });
    const refundedOrder = await order("refunded", { payment: "refunded" });
    const paymentLink = await order("failed", { mode: "payment_link" });
    const neverPaid = await order("cancelled", { paid: false });
    const fulfilled = await order("fulfilled", { payment: "succeeded" });

    const { applied } = await migrateDeploy(database.url);
    expect(applied).toContainEqual(expect.stringMatching(new RegExp(`_${MIGRATION}$`)));

    const tasks = await db.refundTask.findMany({ select: { orderId: true, status: true } });
    expect(tasks.sort((a, b) => a.orderId.localeCompare(b.orderId))).toEqual(
      [stuckFailed, stuckCancelled].sort().map((orderId) => ({ orderId, status: "pending" })),
    );
    for (const id of [refundedPayment, refundedOrder, paymentLink, neverPaid, fulfilled])
      expect(tasks.map((t) => t.orderId)).not.toContain(id);

    await runRefundTasks(db, { runnerId: "worker-1" });
    for (const id of [stuckFailed, stuckCancelled]) {
      expect(await db.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "refunded",
        statusReason: "The supplier refused the order. Your payment was refunded.",
      });
      expect(await db.payment.findFirstOrThrow({ where: { orderId: id } })).toMatchObject({ status: "refunded" });
    }
  }, 120_000);
});
