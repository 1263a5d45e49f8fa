-- CreateTable
CREATE TABLE "UpstreamHealth" (
    "api" TEXT NOT NULL,
    "lastSuccessAt" TIMESTAMP(3),
    "rateLimitLimit" INTEGER,
    "rateLimitRemaining" INTEGER,
    "rateLimitResetAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UpstreamHealth_pkey" PRIMARY KEY ("api")
);

-- CreateTable
CREATE TABLE "UpstreamCallError" (
    "id" TEXT NOT NULL,
    "api" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "status" INTEGER,
    "route" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UpstreamCallError_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UpstreamCallError_api_createdAt_idx" ON "UpstreamCallError"("api", "createdAt");
