import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { imeiCheckHashSettingsSchema, type ImeiCheckHashSettings } from "../unlock/imeicheck-hash-settings";
import { deleteSetting, readSealedJson, writeSealedJson } from "./sealed-setting";

// The IMEI check hash settings staff store on Admin → Upstream connection, sealed like the
// credentials (the separate secret is one), in one `Setting` row. The environment's
// UNLOCK_IMEICHECK_HASH_* win over it (resolve.ts).

export const IMEI_CHECK_HASH_SETTING = "upstream.unlock.imeicheck-hash";

const stored = z.object({ settings: imeiCheckHashSettingsSchema, savedAt: z.string() });
export type StoredImeiCheckHash = z.infer<typeof stored>;

export function readStoredImeiCheckHash(): Promise<StoredImeiCheckHash | null> {
  return readSealedJson(db, IMEI_CHECK_HASH_SETTING, stored);
}

export async function writeStoredImeiCheckHash(settings: ImeiCheckHashSettings, updatedBy: string): Promise<void> {
  await writeSealedJson(
    db,
    IMEI_CHECK_HASH_SETTING,
    { settings, savedAt: new Date().toISOString() } satisfies StoredImeiCheckHash,
    updatedBy,
  );
}

export async function deleteStoredImeiCheckHash(): Promise<void> {
  await deleteSetting(db, IMEI_CHECK_HASH_SETTING);
}
