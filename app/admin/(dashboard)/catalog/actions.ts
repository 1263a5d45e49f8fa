"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionNotice } from "@/components/admin/ops/notice";
import { staffAction } from "@/lib/admin/action";
import { refetchFor } from "@/lib/admin/catalog/refetch";
import { recordAudit } from "@/lib/audit/record";
import { catalogCache } from "@/lib/catalog/cache-default";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";

// "Refresh now" per cache entry: fetched from the upstream whatever its age; a failed fetch keeps
// the old value (the cache's stale-on-failure). An entry that cannot be refetched from here (a
// carrier lookup) is dropped instead, so the next read fetches it (docs/admin.md "Catalog").

const FROM = "/admin/catalog";
const entryForm = z.object({ id: z.string("Unknown entry.").min(1, "Unknown entry.").max(500, "Unknown entry.") });

export const refreshEntryAction = staffAction<{ id: string }, ActionNotice>(
  { from: FROM, input: entryForm, refuse: ({ message }) => ({ tone: "danger", message }) },
  async ({ id: key }, user) => {
    const refetch = refetchFor(key);
    try {
      if (refetch) await catalogCache.refreshNow({ key, resource: refetch.resource, fetch: refetch.fetch });
      else await catalogCache.invalidate(key);
      await recordAudit(
        {
          actor: user,
          action: refetch ? "catalog.refresh" : "catalog.drop",
          targetType: "catalog_cache",
          targetId: key,
        },
        db,
      );
      revalidatePath(FROM);
      return { tone: "ok", message: refetch ? "Refreshed." : "Dropped: the next read fetches it." };
    } catch (error) {
      if (!isUpstreamError(error)) logger.error({ err: error, key }, "catalog refresh failed");
      revalidatePath(FROM);
      return {
        tone: "danger",
        message: `Refresh failed; the old value is kept. ${isUpstreamError(error) ? error.userMessage : ""}`.trim(),
      };
    }
  },
);
