-- CreateTable
CREATE TABLE "RefundTask" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "error" TEXT,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RefundTask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RefundTask_orderId_key" ON "RefundTask"("orderId");

-- CreateIndex
CREATE INDEX "RefundTask_status_nextAttemptAt_idx" ON "RefundTask"("status", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "RefundTask" ADD CONSTRAINT "RefundTask_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: an order the buyer paid the shop for that ended failed or cancelled and was not
-- refunded owes its refund (lib/orders/refund-due.ts owesRefund), swept by the worker.
INSERT INTO "RefundTask" ("id", "orderId", "status", "attempts", "nextAttemptAt", "createdAt", "updatedAt")
SELECT 'backfill_' || o."id", o."id", 'pending', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM "Order" o
WHERE o."status" IN ('failed', 'cancelled')
  AND o."upstreamMode" = 'credits'
  AND o."paidAt" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."orderId" = o."id" AND p."status" = 'refunded');
