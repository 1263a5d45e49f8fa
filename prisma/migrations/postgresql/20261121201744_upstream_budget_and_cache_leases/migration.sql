-- AlterTable
ALTER TABLE "CatalogCacheEntry" ALTER COLUMN "value" DROP NOT NULL,
ALTER COLUMN "fetchedAt" DROP NOT NULL;

-- CreateTable
CREATE TABLE "UpstreamBudgetWindow" (
    "api" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "catalogUsed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "UpstreamBudgetWindow_pkey" PRIMARY KEY ("api","windowStart")
);

-- CreateIndex
CREATE INDEX "UpstreamBudgetWindow_windowStart_idx" ON "UpstreamBudgetWindow"("windowStart");
