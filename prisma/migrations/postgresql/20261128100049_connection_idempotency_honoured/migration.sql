-- AlterTable
ALTER TABLE "UpstreamConnection" ADD COLUMN     "idempotencyHonouredAt" TIMESTAMP(3);
