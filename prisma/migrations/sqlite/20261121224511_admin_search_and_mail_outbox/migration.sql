-- AlterTable
ALTER TABLE "Order" ADD COLUMN "searchIndexedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "searchText" TEXT;

-- CreateTable
CREATE TABLE "MailOutbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "orderId" TEXT,
    "transport" TEXT,
    "sentAt" DATETIME,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "MailOutbox_orderId_idx" ON "MailOutbox"("orderId");

-- CreateIndex
CREATE INDEX "MailOutbox_sentAt_idx" ON "MailOutbox"("sentAt");

-- CreateIndex
CREATE INDEX "Order_productType_createdAt_idx" ON "Order"("productType", "createdAt");
