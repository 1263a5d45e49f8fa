import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { formatMoney } from "@/lib/money";
import type { CurrentUser } from "@/lib/auth/guards";
import { apiKeyEnvironment, maskApiId, parseApiKey } from "../commerce/auth";
import { commerceClient } from "../commerce";
import { isUpstreamError } from "../errors";
import { unlockClient } from "../unlock";
import {
  CONNECTION_SETTINGS,
  deleteStoredCommerceCredential,
  deleteStoredUnlockCredential,
  readStoredCommerceCredential,
  readStoredUnlockCredential,
  writeStoredCommerceCredential,
  writeStoredUnlockCredential,
  type StoredCommerceCredential,
} from "./credentials";

// What the admin's "Upstream connection" page does, each change audited with a before/after
// that names the credential (api_id, masked key, OAuth account) and never a secret or token.

type Actor = Pick<CurrentUser, "id" | "email">;

/** A credential as the audit log may show it. */
function describeStored(stored: StoredCommerceCredential | null) {
  if (!stored) return null;
  return stored.kind === "api_key"
    ? { kind: "api_key", apiId: maskApiId(stored.apiId), environment: apiKeyEnvironment(stored.apiId) }
    : { kind: "oauth", account: stored.account, environment: stored.environment, scope: stored.scope };
}

export type SaveResult = { ok: true } | { ok: false; field: string; message: string };

export async function saveCommerceApiKey(
  actor: Actor,
  input: { apiId: string; apiSecret: string },
): Promise<SaveResult> {
  const key = parseApiKey(`${input.apiId.trim()}:${input.apiSecret.trim()}`);
  if (!key)
    return {
      ok: false,
      field: "apiId",
      message: "Enter the api_id and the api_secret exactly as the upstream account shows them (no spaces or colons).",
    };
  if (apiKeyEnvironment(key.apiId) === "unknown")
    return { ok: false, field: "apiId", message: "An api_id starts with test_ (sandbox) or live_ (production)." };
  if (!key.apiSecret.startsWith("sk_"))
    return { ok: false, field: "apiSecret", message: "An api_secret starts with sk_." };
  const before = describeStored(await readStoredCommerceCredential({ fresh: true }));
  const credential: StoredCommerceCredential = { kind: "api_key", ...key, savedAt: new Date().toISOString() };
  await writeStoredCommerceCredential(credential, actor.id);
  await recordAudit({
    actor,
    action: "upstream.commerce.save_api_key",
    targetType: "setting",
    targetId: CONNECTION_SETTINGS.commerce,
    before,
    after: describeStored(credential),
  });
  return { ok: true };
}

/** Forgets the stored commerce credential (API key, or the OAuth client and its tokens). */
export async function disconnectCommerce(actor: Actor): Promise<void> {
  const before = describeStored(await readStoredCommerceCredential({ fresh: true }));
  if (!before) return;
  await deleteStoredCommerceCredential();
  await recordAudit({
    actor,
    action: "upstream.commerce.disconnect",
    targetType: "setting",
    targetId: CONNECTION_SETTINGS.commerce,
    before,
    after: null,
  });
}

export async function saveUnlockCredential(
  actor: Actor,
  input: { svcKey: string; svcSecret: string; environment: "sandbox" | "production" },
): Promise<SaveResult> {
  const svcKey = input.svcKey.trim();
  const svcSecret = input.svcSecret.trim();
  if (!svcKey || /\s/.test(svcKey))
    return { ok: false, field: "svcKey", message: "Enter the SVC key, without spaces." };
  if (!svcSecret || /\s/.test(svcSecret))
    return { ok: false, field: "svcSecret", message: "Enter the SVC secret, without spaces." };
  const previous = await readStoredUnlockCredential({ fresh: true });
  const before = previous ? { svcKey: maskApiId(previous.svcKey), environment: previous.environment } : null;
  await writeStoredUnlockCredential(
    { svcKey, svcSecret, environment: input.environment, savedAt: new Date().toISOString() },
    actor.id,
  );
  await recordAudit({
    actor,
    action: "upstream.unlock.save_credentials",
    targetType: "setting",
    targetId: CONNECTION_SETTINGS.unlock,
    before,
    after: { svcKey: maskApiId(svcKey), environment: input.environment },
  });
  return { ok: true };
}

export async function removeUnlockCredential(actor: Actor): Promise<void> {
  const previous = await readStoredUnlockCredential({ fresh: true });
  if (!previous) return;
  await deleteStoredUnlockCredential();
  await recordAudit({
    actor,
    action: "upstream.unlock.remove_credentials",
    targetType: "setting",
    targetId: CONNECTION_SETTINGS.unlock,
    before: { svcKey: maskApiId(previous.svcKey), environment: previous.environment },
    after: null,
  });
}

export type ConnectionTest = { ok: true; lines: string[] } | { ok: false; code: string; message: string };

function failed(error: unknown): ConnectionTest {
  if (isUpstreamError(error)) return { ok: false, code: error.code, message: error.message };
  throw error;
}

/** Spec section 4: `/status` (no credential) then `/balance` (the credential and its scope). */
export async function testCommerceConnection(): Promise<ConnectionTest> {
  try {
    const status = await commerceClient().getStatus();
    const balance = await commerceClient().getBalance();
    return {
      ok: true,
      lines: [
        `API status: ${status.status}`,
        `Balance: ${formatMoney(balance.balance, balance.currency)} (${balance.environment})`,
      ],
    };
  } catch (error) {
    return failed(error);
  }
}

/** The brand list is the cheapest authenticated call of the unlocking API. */
export async function testUnlockConnection(): Promise<ConnectionTest> {
  try {
    const brands = await unlockClient().brands();
    return { ok: true, lines: [`Credentials accepted: ${brands.length} device brands listed`] };
  } catch (error) {
    return failed(error);
  }
}
