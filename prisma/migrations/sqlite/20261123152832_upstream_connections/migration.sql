-- AlterTable
ALTER TABLE "WebhookReceipt" ADD COLUMN "connectionId" TEXT;

-- CreateTable
CREATE TABLE "UpstreamConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "api" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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
    "upstreamConnectionId" TEXT,
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
    "searchText" TEXT,
    "searchIndexedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Order_upstreamConnectionId_fkey" FOREIGN KEY ("upstreamConnectionId") REFERENCES "UpstreamConnection" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("checkoutHash", "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfilledAt", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "nextPollAt", "paidAt", "placedAt", "pollAttempts", "pricing", "productType", "ref", "retailAmount", "searchIndexedAt", "searchText", "status", "statusReason", "submissionId", "updatedAt", "upstreamMode", "upstreamOrderId", "upstreamStatus", "userId") SELECT "checkoutHash", "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfilledAt", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "nextPollAt", "paidAt", "placedAt", "pollAttempts", "pricing", "productType", "ref", "retailAmount", "searchIndexedAt", "searchText", "status", "statusReason", "submissionId", "updatedAt", "upstreamMode", "upstreamOrderId", "upstreamStatus", "userId" FROM "Order";
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
CREATE INDEX "Order_productType_createdAt_idx" ON "Order"("productType", "createdAt");
CREATE UNIQUE INDEX "Order_upstreamConnectionId_upstreamOrderId_key" ON "Order"("upstreamConnectionId", "upstreamOrderId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "UpstreamConnection_key_key" ON "UpstreamConnection"("key");

-- Orders and webhook receipts from before connections were recorded: one "legacy" connection
-- per API holds them, and the first connection the app uses afterwards adopts it
-- (lib/orders/connections.ts). Only made when there is something to hold.
INSERT INTO "UpstreamConnection" ("id", "api", "key", "baseUrl", "environment", "account")
SELECT 'legacy-commerce', 'commerce', 'commerce|legacy', '', 'unknown', 'legacy'
WHERE EXISTS (SELECT 1 FROM "Order" WHERE "productType" IN ('topup', 'esim', 'giftcard') AND ("upstreamOrderId" IS NOT NULL OR "checkoutHash" IS NOT NULL OR "status" = 'placing'))
   OR EXISTS (SELECT 1 FROM "WebhookReceipt" WHERE "provider" = 'commerce');
INSERT INTO "UpstreamConnection" ("id", "api", "key", "baseUrl", "environment", "account")
SELECT 'legacy-unlock', 'unlock', 'unlock|legacy', '', 'unknown', 'legacy'
WHERE EXISTS (SELECT 1 FROM "Order" WHERE "productType" IN ('unlock', 'imeicheck') AND ("upstreamOrderId" IS NOT NULL OR "status" = 'placing'));
UPDATE "Order" SET "upstreamConnectionId" = 'legacy-commerce'
WHERE "productType" IN ('topup', 'esim', 'giftcard') AND ("upstreamOrderId" IS NOT NULL OR "checkoutHash" IS NOT NULL OR "status" = 'placing');
UPDATE "Order" SET "upstreamConnectionId" = 'legacy-unlock'
WHERE "productType" IN ('unlock', 'imeicheck') AND ("upstreamOrderId" IS NOT NULL OR "status" = 'placing');
UPDATE "WebhookReceipt" SET "connectionId" = 'legacy-commerce' WHERE "provider" = 'commerce';
