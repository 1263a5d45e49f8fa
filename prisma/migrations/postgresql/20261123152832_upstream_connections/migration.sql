-- AlterEnum
ALTER TYPE "ReceiptStatus" ADD VALUE 'unmatched';

-- DropIndex
DROP INDEX "Order_productType_upstreamOrderId_key";

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "upstreamConnectionId" TEXT;

-- AlterTable
ALTER TABLE "WebhookReceipt" ADD COLUMN     "connectionId" TEXT;

-- CreateTable
CREATE TABLE "UpstreamConnection" (
    "id" TEXT NOT NULL,
    "api" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "environment" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UpstreamConnection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UpstreamConnection_key_key" ON "UpstreamConnection"("key");

-- CreateIndex
CREATE UNIQUE INDEX "Order_upstreamConnectionId_upstreamOrderId_key" ON "Order"("upstreamConnectionId", "upstreamOrderId");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_upstreamConnectionId_fkey" FOREIGN KEY ("upstreamConnectionId") REFERENCES "UpstreamConnection"("id") ON DELETE SET NULL ON UPDATE CASCADE;

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
