-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "placedAsGuest" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "EndedSession" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EndedSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EndedSession_expiresAt_idx" ON "EndedSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "EndedSession" ADD CONSTRAINT "EndedSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: orders without an account were placed as guests, and so were orders made before
-- their account existed (they joined it later). Other joined orders cannot be told apart from
-- orders placed while signed in, and stay visible to their account only.
UPDATE "Order" SET "placedAsGuest" = true
WHERE "userId" IS NULL
   OR "createdAt" < (SELECT "User"."createdAt" FROM "User" WHERE "User"."id" = "Order"."userId");
