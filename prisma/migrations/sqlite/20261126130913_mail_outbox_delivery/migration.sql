-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_MailOutbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "html" TEXT,
    "sealed" BOOLEAN NOT NULL DEFAULT false,
    "kind" TEXT NOT NULL,
    "orderId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" DATETIME,
    "transport" TEXT,
    "sentAt" DATETIME,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_MailOutbox" ("body", "createdAt", "error", "id", "kind", "orderId", "sentAt", "subject", "to", "transport") SELECT "body", "createdAt", "error", "id", "kind", "orderId", "sentAt", "subject", "to", "transport" FROM "MailOutbox";
DROP TABLE "MailOutbox";
ALTER TABLE "new_MailOutbox" RENAME TO "MailOutbox";
CREATE INDEX "MailOutbox_orderId_idx" ON "MailOutbox"("orderId");
CREATE INDEX "MailOutbox_status_nextAttemptAt_idx" ON "MailOutbox"("status", "nextAttemptAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Mail recorded before this migration was handed to the log transport when written: it counts as sent, never delivered again.
UPDATE "MailOutbox" SET "status" = 'sent', "attempts" = 1 WHERE "sentAt" IS NOT NULL;
