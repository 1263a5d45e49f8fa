-- AlterTable
ALTER TABLE "UpstreamConnection" ADD COLUMN "idempotencyHonouredAt" DATETIME;
