import { randomUUID } from "node:crypto";
import type { DbClient } from "@/lib/db/create-client";
import type { Order } from "@/lib/db/generated/sqlite/client";
import { createOrder } from "@/lib/orders/create";
import type { AfterPaid } from "./succeed";

// Test helpers for payment tests: a real order awaiting payment (made by the order core's own
// createOrder), and an AfterPaid that counts how often the placement kick would run.

export async function orderAwaitingPayment(
  db: DbClient,
  options: { totalMinor?: number; userId?: string | null } = {},
): Promise<Order> {
  const total = options.totalMinor ?? 1650;
  return createOrder(db, {
    productType: "topup",
    submissionId: randomUUID(),
    customerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    userId: options.userId ?? null,
    detail: { phone: "+447400123456", priceToken: "test-token" },
    pricing: {
      currency: "EUR",
      amountMinor: total - 150,
      serviceFeeMinor: 150,
      smsFeeMinor: 0,
      totalMinor: total,
      costMinor: total - 200,
    },
  });
}

export function placementRecorder(): { afterPaid: AfterPaid; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    afterPaid: async (_db, orderId) => {
      calls.push(orderId);
    },
  };
}
