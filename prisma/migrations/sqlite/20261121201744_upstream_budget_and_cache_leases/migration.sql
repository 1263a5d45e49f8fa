-- CreateTable
CREATE TABLE "UpstreamBudgetWindow" (
    "api" TEXT NOT NULL,
    "windowStart" DATETIME NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "catalogUsed" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("api", "windowStart")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CatalogCacheEntry" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "upstream" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "value" TEXT,
    "fetchedAt" DATETIME,
    "expiresAt" DATETIME NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "refreshingUntil" DATETIME,
    "lastError" TEXT,
    "lastErrorAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_CatalogCacheEntry" ("expiresAt", "fetchedAt", "hits", "key", "lastError", "lastErrorAt", "refreshingUntil", "resource", "updatedAt", "upstream", "value") SELECT "expiresAt", "fetchedAt", "hits", "key", "lastError", "lastErrorAt", "refreshingUntil", "resource", "updatedAt", "upstream", "value" FROM "CatalogCacheEntry";
DROP TABLE "CatalogCacheEntry";
ALTER TABLE "new_CatalogCacheEntry" RENAME TO "CatalogCacheEntry";
CREATE INDEX "CatalogCacheEntry_upstream_resource_idx" ON "CatalogCacheEntry"("upstream", "resource");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "UpstreamBudgetWindow_windowStart_idx" ON "UpstreamBudgetWindow"("windowStart");
