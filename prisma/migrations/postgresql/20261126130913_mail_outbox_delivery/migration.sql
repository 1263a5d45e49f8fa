-- DropIndex
DROP INDEX "MailOutbox_sentAt_idx";

-- AlterTable
ALTER TABLE "MailOutbox" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "html" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3),
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "sealed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'queued';

-- CreateIndex
CREATE INDEX "MailOutbox_status_nextAttemptAt_idx" ON "MailOutbox"("status", "nextAttemptAt");

-- Mail recorded before this migration was handed to the log transport when written: it counts as sent, never delivered again.
UPDATE "MailOutbox" SET "status" = 'sent', "attempts" = 1 WHERE "sentAt" IS NOT NULL;
