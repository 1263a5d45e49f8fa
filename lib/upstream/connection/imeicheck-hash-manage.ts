import "server-only";
import { recordAudit } from "@/lib/audit/record";
import type { CurrentUser } from "@/lib/auth/guards";
import {
  describeImeiCheckHashSettings,
  imeiCheckHashSettingsSchema,
  splitArguments,
} from "../unlock/imeicheck-hash-settings";
import {
  deleteStoredImeiCheckHash,
  IMEI_CHECK_HASH_SETTING,
  readStoredImeiCheckHash,
  writeStoredImeiCheckHash,
} from "./imeicheck-hash-store";

// What Admin → Upstream connection does with the IMEI check hash settings, each change audited
// with the settings' description, never the separate secret.

type Actor = Pick<CurrentUser, "id" | "email">;

export type HashSaveResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

export type ImeiCheckHashForm = { algorithm: string; key: string; arguments: string; encoding: string; secret: string };

/** Saves the settings as typed on the form; a blank secret keeps the stored one (it is write-only). */
export async function saveImeiCheckHash(actor: Actor, form: ImeiCheckHashForm): Promise<HashSaveResult> {
  const previous = await readStoredImeiCheckHash();
  const secret = form.secret.trim() || previous?.settings.secret || null;
  const parsed = imeiCheckHashSettingsSchema.safeParse({
    algorithm: form.algorithm.trim().toLowerCase(),
    key: form.key.trim() ? form.key.trim().toLowerCase() : null,
    arguments: splitArguments(form.arguments),
    encoding: form.encoding.trim().toLowerCase(),
    secret,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      fieldErrors[String(issue.path[0] ?? "algorithm")] ??= sentence(issue.path[0], issue.message);
    return { ok: false, fieldErrors };
  }
  // A secret no longer used is not kept.
  const settings = {
    ...parsed.data,
    secret: parsed.data.key === "secret" || parsed.data.arguments.includes("secret") ? parsed.data.secret : null,
  };
  await writeStoredImeiCheckHash(settings, actor.id);
  await recordAudit({
    actor,
    action: "upstream.unlock.save_imeicheck_hash",
    targetType: "setting",
    targetId: IMEI_CHECK_HASH_SETTING,
    before: previous ? { hash: describeImeiCheckHashSettings(previous.settings) } : null,
    after: { hash: describeImeiCheckHashSettings(settings) },
  });
  return { ok: true };
}

export async function removeImeiCheckHash(actor: Actor): Promise<void> {
  const previous = await readStoredImeiCheckHash();
  if (!previous) return;
  await deleteStoredImeiCheckHash();
  await recordAudit({
    actor,
    action: "upstream.unlock.remove_imeicheck_hash",
    targetType: "setting",
    targetId: IMEI_CHECK_HASH_SETTING,
    before: { hash: describeImeiCheckHashSettings(previous.settings) },
    after: null,
  });
}

const LABELS: Record<string, string> = {
  algorithm: "the function",
  key: "the key",
  arguments: "The arguments",
  encoding: "the output encoding",
  secret: "The separate secret",
};

/** The schema's message as a sentence that names the field. */
function sentence(field: PropertyKey | undefined, message: string): string {
  const name = String(field ?? "algorithm");
  if (name === "arguments" && /expected|invalid/i.test(message))
    return "List the arguments among imei, svc_key, svc_secret, secret, separated by commas.";
  if (/^invalid/i.test(message)) return `Choose ${LABELS[name] ?? "a value"} from the list.`;
  if (/^(must|names|is) /.test(message)) return `${LABELS[name] ?? name} ${message}.`;
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}
