import "server-only";
import type { z } from "zod";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import type { DbClient } from "@/lib/db/create-client";
import { env } from "@/lib/env";

// Connection state is JSON sealed with APP_ENCRYPTION_KEY in one `Setting` row per item: it holds
// API secrets and OAuth tokens, which must never be stored readable.

export async function readSealedJson<T>(db: DbClient, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const row = await db.setting.findUnique({ where: { key } });
  if (!row) return null;
  const parsed = schema.safeParse(
    JSON.parse(row.encrypted ? openSecret(row.value, env.APP_ENCRYPTION_KEY) : row.value),
  );
  // A row from an older shape is treated as absent rather than crashing every upstream call.
  return parsed.success ? parsed.data : null;
}

export async function writeSealedJson(db: DbClient, key: string, value: unknown, updatedBy: string): Promise<void> {
  const sealed = sealSecret(JSON.stringify(value), env.APP_ENCRYPTION_KEY);
  await db.setting.upsert({
    where: { key },
    create: { key, value: sealed, encrypted: true, updatedBy },
    update: { value: sealed, encrypted: true, updatedBy },
  });
}

export async function deleteSetting(db: DbClient, key: string): Promise<void> {
  await db.setting.deleteMany({ where: { key } });
}
