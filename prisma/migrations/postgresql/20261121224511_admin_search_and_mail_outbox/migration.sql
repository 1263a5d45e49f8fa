-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "searchIndexedAt" TIMESTAMP(3),
ADD COLUMN     "searchText" TEXT;

-- CreateTable
CREATE TABLE "MailOutbox" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "orderId" TEXT,
    "transport" TEXT,
    "sentAt" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailOutbox_orderId_idx" ON "MailOutbox"("orderId");

-- CreateIndex
CREATE INDEX "MailOutbox_sentAt_idx" ON "MailOutbox"("sentAt");

-- CreateIndex
CREATE INDEX "Order_productType_createdAt_idx" ON "Order"("productType", "createdAt");
