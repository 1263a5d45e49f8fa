-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookReceipt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "provider" TEXT NOT NULL,
    "eventId" TEXT,
    "eventType" TEXT,
    "connectionId" TEXT,
    "upstreamOrderId" TEXT,
    "headers" JSONB NOT NULL,
    "rawBody" TEXT NOT NULL,
    "bodyBytes" INTEGER,
    "bodyTruncated" BOOLEAN NOT NULL DEFAULT false,
    "verified" BOOLEAN NOT NULL,
    "verifyError" TEXT,
    "status" TEXT NOT NULL DEFAULT 'received',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" DATETIME
);
INSERT INTO "new_WebhookReceipt" ("attempts", "connectionId", "error", "eventId", "eventType", "headers", "id", "processedAt", "provider", "rawBody", "receivedAt", "status", "verified", "verifyError") SELECT "attempts", "connectionId", "error", "eventId", "eventType", "headers", "id", "processedAt", "provider", "rawBody", "receivedAt", "status", "verified", "verifyError" FROM "WebhookReceipt";
DROP TABLE "WebhookReceipt";
ALTER TABLE "new_WebhookReceipt" RENAME TO "WebhookReceipt";
CREATE INDEX "WebhookReceipt_status_receivedAt_idx" ON "WebhookReceipt"("status", "receivedAt");
CREATE INDEX "WebhookReceipt_receivedAt_idx" ON "WebhookReceipt"("receivedAt");
CREATE INDEX "WebhookReceipt_connectionId_upstreamOrderId_idx" ON "WebhookReceipt"("connectionId", "upstreamOrderId");
CREATE UNIQUE INDEX "WebhookReceipt_provider_eventId_key" ON "WebhookReceipt"("provider", "eventId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Backfill: the upstream order id of verified commerce receipts stored before this column, so
-- the staff order page (which now looks receipts up by it) still lists them. CASE, because
-- json_type must never see a malformed body, whatever order SQLite evaluates the terms in.
UPDATE "WebhookReceipt" SET "upstreamOrderId" = json_extract("rawBody", '$.data.order_id')
WHERE "provider" = 'commerce' AND "verified" = 1
  AND CASE WHEN json_valid("rawBody") THEN json_type("rawBody", '$.data.order_id') = 'text' ELSE 0 END;
