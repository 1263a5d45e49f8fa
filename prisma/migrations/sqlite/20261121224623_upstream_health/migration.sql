-- CreateTable
CREATE TABLE "UpstreamHealth" (
    "api" TEXT NOT NULL PRIMARY KEY,
    "lastSuccessAt" DATETIME,
    "rateLimitLimit" INTEGER,
    "rateLimitRemaining" INTEGER,
    "rateLimitResetAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "UpstreamCallError" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "api" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" INTEGER,
    "route" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "UpstreamCallError_api_createdAt_idx" ON "UpstreamCallError"("api", "createdAt");
