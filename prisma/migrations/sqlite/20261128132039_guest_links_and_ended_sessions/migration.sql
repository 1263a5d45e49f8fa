-- CreateTable
CREATE TABLE "EndedSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EndedSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "placedAsGuest" BOOLEAN NOT NULL DEFAULT false,
    "customerEmail" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "currency" TEXT NOT NULL,
    "retailAmount" INTEGER NOT NULL,
    "costAmount" INTEGER,
    "costCurrency" TEXT,
    "submissionId" TEXT,
    "submitterHash" TEXT,
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
INSERT INTO "new_Order" ("checkoutHash", "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfilledAt", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "locale", "nextPollAt", "paidAt", "placedAt", "pollAttempts", "pricing", "productType", "ref", "retailAmount", "searchIndexedAt", "searchText", "status", "statusReason", "submissionId", "submitterHash", "updatedAt", "upstreamConnectionId", "upstreamMode", "upstreamOrderId", "upstreamStatus", "userId") SELECT "checkoutHash", "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfilledAt", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "locale", "nextPollAt", "paidAt", "placedAt", "pollAttempts", "pricing", "productType", "ref", "retailAmount", "searchIndexedAt", "searchText", "status", "statusReason", "submissionId", "submitterHash", "updatedAt", "upstreamConnectionId", "upstreamMode", "upstreamOrderId", "upstreamStatus", "userId" FROM "Order";
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
CREATE INDEX "EndedSession_expiresAt_idx" ON "EndedSession"("expiresAt");

-- Backfill: orders without an account were placed as guests, and so were orders made before
-- their account existed (they joined it later). Other joined orders cannot be told apart from
-- orders placed while signed in, and stay visible to their account only.
UPDATE "Order" SET "placedAsGuest" = true
WHERE "userId" IS NULL
   OR "createdAt" < (SELECT "User"."createdAt" FROM "User" WHERE "User"."id" = "Order"."userId");
