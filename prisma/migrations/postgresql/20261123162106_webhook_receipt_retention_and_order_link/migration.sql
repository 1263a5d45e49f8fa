-- AlterTable
ALTER TABLE "WebhookReceipt" ADD COLUMN     "bodyBytes" INTEGER,
ADD COLUMN     "bodyTruncated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "upstreamOrderId" TEXT;

-- CreateIndex
CREATE INDEX "WebhookReceipt_receivedAt_idx" ON "WebhookReceipt"("receivedAt");

-- CreateIndex
CREATE INDEX "WebhookReceipt_connectionId_upstreamOrderId_idx" ON "WebhookReceipt"("connectionId", "upstreamOrderId");

-- Backfill: the upstream order id of verified commerce receipts stored before this column, so
-- the staff order page (which now looks receipts up by it) still lists them. A regular
-- expression rather than a jsonb cast, which would abort the migration on a malformed body.
UPDATE "WebhookReceipt" SET "upstreamOrderId" = substring("rawBody" from '"data"\s*:\s*\{.*?"order_id"\s*:\s*"([^"\\]{1,200})"')
WHERE "provider" = 'commerce' AND "verified" = true AND "rawBody" ~ '"order_id"';
