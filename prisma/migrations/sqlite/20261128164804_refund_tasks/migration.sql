-- CreateTable
CREATE TABLE "RefundTask" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "error" TEXT,
    "doneAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "RefundTask_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "RefundTask_orderId_key" ON "RefundTask"("orderId");

-- CreateIndex
CREATE INDEX "RefundTask_status_nextAttemptAt_idx" ON "RefundTask"("status", "nextAttemptAt");

-- Backfill: an order the buyer paid the shop for that ended failed or cancelled and was not
-- refunded owes its refund (lib/orders/refund-due.ts owesRefund), swept by the worker.
INSERT INTO "RefundTask" ("id", "orderId", "status", "attempts", "nextAttemptAt", "createdAt", "updatedAt")
SELECT 'backfill_' || o."id", o."id", 'pending', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM "Order" o
WHERE o."status" IN ('failed', 'cancelled')
  AND o."upstreamMode" = 'credits'
  AND o."paidAt" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."orderId" = o."id" AND p."status" = 'refunded');
