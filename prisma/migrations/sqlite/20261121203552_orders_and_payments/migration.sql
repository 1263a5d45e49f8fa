-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerRef" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "actor" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ref" TEXT NOT NULL,
    "productType" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'awaiting_payment',
    "upstreamStatus" TEXT,
    "upstreamOrderId" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "userId" TEXT,
    "customerEmail" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "retailAmount" INTEGER NOT NULL,
    "costAmount" INTEGER,
    "costCurrency" TEXT,
    "submissionId" TEXT,
    "upstreamMode" TEXT NOT NULL DEFAULT 'credits',
    "checkoutHash" TEXT,
    "pricing" JSONB,
    "paidAt" DATETIME,
    "placedAt" DATETIME,
    "fulfilledAt" DATETIME,
    "detail" JSONB NOT NULL,
    "fulfillment" JSONB,
    "statusReason" TEXT,
    "nextPollAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "pollAttempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "nextPollAt", "paidAt", "pollAttempts", "productType", "ref", "retailAmount", "status", "statusReason", "updatedAt", "upstreamOrderId", "upstreamStatus", "userId") SELECT "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "nextPollAt", "paidAt", "pollAttempts", "productType", "ref", "retailAmount", "status", "statusReason", "updatedAt", "upstreamOrderId", "upstreamStatus", "userId" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_ref_key" ON "Order"("ref");
CREATE UNIQUE INDEX "Order_idempotencyKey_key" ON "Order"("idempotencyKey");
CREATE UNIQUE INDEX "Order_submissionId_key" ON "Order"("submissionId");
CREATE UNIQUE INDEX "Order_checkoutHash_key" ON "Order"("checkoutHash");
CREATE INDEX "Order_status_nextPollAt_idx" ON "Order"("status", "nextPollAt");
CREATE INDEX "Order_userId_createdAt_idx" ON "Order"("userId", "createdAt");
CREATE INDEX "Order_customerEmail_idx" ON "Order"("customerEmail");
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt");
CREATE UNIQUE INDEX "Order_productType_upstreamOrderId_key" ON "Order"("productType", "upstreamOrderId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Payment_providerRef_key" ON "Payment"("providerRef");

-- CreateIndex
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");

-- CreateIndex
CREATE INDEX "Payment_status_expiresAt_idx" ON "Payment"("status", "expiresAt");
