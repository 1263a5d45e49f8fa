"use server";

import { expectActionInput, isForm } from "@/lib/http/action-input";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionNotice } from "@/components/admin/ops/notice";
import { refetchFor } from "@/lib/admin/catalog/refetch";
import { recordAudit } from "@/lib/audit/record";
import { requireStaff } from "@/lib/auth/guards";
import { catalogCache } from "@/lib/catalog/cache-default";
import { db } from "@/lib/db";
import { logger } from "@/lib/log";
import { isUpstreamError } from "@/lib/upstream/errors";

// "Refresh now" per cache entry (staff): fetches the entry from the upstream whatever its age;
// a failed fetch keeps the old value (the cache's stale-on-failure). An entry that cannot be
// refetched from here (a carrier lookup) can be dropped instead, so the next read fetches it.

const keySchema = z.string().min(1).max(500);

export async function refreshEntryAction(_state: ActionNotice, form: FormData): Promise<ActionNotice> {
  const user = await requireStaff("staff", "/admin/catalog");
  expectActionInput(isForm(form));
  const key = keySchema.safeParse(form.get("id"));
  if (!key.success) return { tone: "danger", message: "Unknown entry." };
  const refetch = refetchFor(key.data);
  try {
    if (refetch) {
      await catalogCache.refreshNow({ key: key.data, resource: refetch.resource, fetch: refetch.fetch });
    } else {
      await catalogCache.invalidate(key.data);
    }
    await recordAudit(
      {
        actor: user,
        action: refetch ? "catalog.refresh" : "catalog.drop",
        targetType: "catalog_cache",
        targetId: key.data,
      },
      db,
    );
    revalidatePath("/admin/catalog");
    return { tone: "ok", message: refetch ? "Refreshed." : "Dropped: the next read fetches it." };
  } catch (error) {
    if (!isUpstreamError(error)) logger.error({ err: error, key: key.data }, "catalog refresh failed");
    revalidatePath("/admin/catalog");
    return {
      tone: "danger",
      message: `Refresh failed; the old value is kept. ${isUpstreamError(error) ? error.userMessage : ""}`.trim(),
    };
  }
}
