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
INSERT INTO "new_Order" ("checkoutHash", "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfilledAt", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "nextPollAt", "paidAt", "placedAt", "pollAttempts", "pricing", "productType", "ref", "retailAmount", "searchIndexedAt", "searchText", "status", "statusReason", "submissionId", "submitterHash", "updatedAt", "upstreamConnectionId", "upstreamMode", "upstreamOrderId", "upstreamStatus", "userId") SELECT "checkoutHash", "costAmount", "costCurrency", "createdAt", "currency", "customerEmail", "detail", "fulfilledAt", "fulfillment", "id", "idempotencyKey", "leaseOwner", "leaseUntil", "nextPollAt", "paidAt", "placedAt", "pollAttempts", "pricing", "productType", "ref", "retailAmount", "searchIndexedAt", "searchText", "status", "statusReason", "submissionId", "submitterHash", "updatedAt", "upstreamConnectionId", "upstreamMode", "upstreamOrderId", "upstreamStatus", "userId" FROM "Order";
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
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT,
    "emailVerifiedAt" DATETIME,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "role" TEXT NOT NULL DEFAULT 'customer',
    "disabledAt" DATETIME,
    "sessionVersion" INTEGER NOT NULL DEFAULT 0,
    "totpSecretSealed" TEXT,
    "totpEnabledAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("createdAt", "disabledAt", "email", "emailVerifiedAt", "id", "name", "passwordHash", "role", "sessionVersion", "totpEnabledAt", "totpSecretSealed", "updatedAt") SELECT "createdAt", "disabledAt", "email", "emailVerifiedAt", "id", "name", "passwordHash", "role", "sessionVersion", "totpEnabledAt", "totpSecretSealed", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
