import "server-only";
import { embeddedShopCredentials } from "./embedded";
import { env } from "@/lib/env";
import { apiKeyEnvironment, parseApiKey, type ApiKeyEnvironment, type CommerceAuth } from "../commerce/auth";
import { notConfigured } from "../commerce/errors";
import { upstreamEndpoints } from "../endpoints";
import { readStoredCommerceCredential, readStoredUnlockCredential } from "./credentials";
import { readStoredImeiCheckHash } from "./imeicheck-hash-store";
import type { ImeiCheckAccess } from "../unlock/imeicheck-hash";
import {
  imeiCheckHashSettingsFromEnv,
  type ImeiCheckHashSettings,
  type UnlockAccountEnvironment,
} from "../unlock/imeicheck-hash-settings";
import { oauthTokenStore } from "./oauth/token-store";

// Where each upstream credential comes from, in order of precedence:
//   1. env (COMMERCE_API_KEY, UNLOCK_SVC_KEY/SECRET): deployments that manage secrets outside
//      the app; it wins wherever it is set, and the admin page says so;
//   2. stored by staff in the admin (sealed in the database): an API key or an OAuth grant;
//   3. the embedded emulator's shop credentials, when the upstream is the embedded emulator;
//   4. none: calls fail with NOT_CONFIGURED, which pages show as "temporarily unavailable".

export type CredentialSource = "env" | "stored" | "embedded" | "none";

export async function resolveCommerceAuth(): Promise<CommerceAuth> {
  const key = env.COMMERCE_API_KEY ? parseApiKey(env.COMMERCE_API_KEY) : null;
  if (key) return { kind: "api_key", ...key };
  const stored = await readStoredCommerceCredential();
  if (stored?.kind === "api_key") return { kind: "api_key", apiId: stored.apiId, apiSecret: stored.apiSecret };
  if (stored?.kind === "oauth") return { kind: "oauth", tokens: oauthTokenStore };
  if (upstreamEndpoints().commerce.emulated)
    return { kind: "api_key", ...parseApiKey(embeddedShopCredentials().commerceApiKey)! };
  throw notConfigured(
    "no commerce credential: connect the shop's account in Admin → Upstream connection, or set COMMERCE_API_KEY",
  );
}

export type CommerceConnectionSummary = {
  source: CredentialSource;
  kind: "api_key" | "oauth" | null;
  environment: ApiKeyEnvironment | "not_configured";
  /** The api_id (it is not secret) or the OAuth account. */
  identity: string | null;
};

/** For staff screens: what the commerce calls use right now. Never returns a secret. */
export async function describeCommerceConnection(): Promise<CommerceConnectionSummary> {
  const key = env.COMMERCE_API_KEY ? parseApiKey(env.COMMERCE_API_KEY) : null;
  if (key) return { source: "env", kind: "api_key", environment: apiKeyEnvironment(key.apiId), identity: key.apiId };
  const stored = await readStoredCommerceCredential({ fresh: true });
  if (stored?.kind === "api_key")
    return { source: "stored", kind: "api_key", environment: apiKeyEnvironment(stored.apiId), identity: stored.apiId };
  if (stored?.kind === "oauth")
    return { source: "stored", kind: "oauth", environment: stored.environment ?? "unknown", identity: stored.account };
  if (upstreamEndpoints().commerce.emulated) {
    const embedded = parseApiKey(embeddedShopCredentials().commerceApiKey)!;
    return {
      source: "embedded",
      kind: "api_key",
      environment: apiKeyEnvironment(embedded.apiId),
      identity: embedded.apiId,
    };
  }
  return { source: "none", kind: null, environment: "not_configured", identity: null };
}

export type UnlockCredentials = { svcKey: string; svcSecret: string };

/** The unlocking API's key pair for the next call; empty strings when none is configured (the client answers NOT_CONFIGURED). */
export async function resolveUnlockCredentials(): Promise<UnlockCredentials> {
  if (env.UNLOCK_SVC_KEY && env.UNLOCK_SVC_SECRET)
    return { svcKey: env.UNLOCK_SVC_KEY, svcSecret: env.UNLOCK_SVC_SECRET };
  const stored = await readStoredUnlockCredential();
  if (stored) return { svcKey: stored.svcKey, svcSecret: stored.svcSecret };
  if (upstreamEndpoints().unlock.emulated) {
    const embedded = embeddedShopCredentials();
    return { svcKey: embedded.unlockSvcKey, svcSecret: embedded.unlockSvcSecret };
  }
  return { svcKey: "", svcSecret: "" };
}

/**
 * How the next IMEI check is sent (../unlock/imeicheck-hash.ts decides from this): the account's
 * environment goes with its key pair (env: UNLOCK_ACCOUNT_ENVIRONMENT; stored: what staff chose;
 * embedded: production); the hash settings come from the environment, else Admin → Upstream
 * connection, else the embedded emulator's rule when the upstream is the embedded emulator.
 */
export async function resolveUnlockImeiCheckAccess(): Promise<ImeiCheckAccess> {
  const [environment, hash] = await Promise.all([unlockAccountEnvironment(), describeImeiCheckHash()]);
  return { environment, hash: hash.settings };
}

async function unlockAccountEnvironment(): Promise<UnlockAccountEnvironment> {
  if (env.UNLOCK_SVC_KEY && env.UNLOCK_SVC_SECRET) return env.UNLOCK_ACCOUNT_ENVIRONMENT;
  const stored = await readStoredUnlockCredential();
  if (stored) return stored.environment;
  return embeddedShopCredentials().unlockEnvironment;
}

export type ImeiCheckHashSummary = { source: CredentialSource; settings: ImeiCheckHashSettings | null };

/** Where the IMEI check hash settings come from. They may hold a secret: staff screens show describeImeiCheckHashSettings() only. */
export async function describeImeiCheckHash(): Promise<ImeiCheckHashSummary> {
  const fromEnv = imeiCheckHashSettingsFromEnv(env as unknown as Record<string, string | undefined>);
  if (fromEnv.ok && fromEnv.settings) return { source: "env", settings: fromEnv.settings };
  const stored = await readStoredImeiCheckHash();
  if (stored) return { source: "stored", settings: stored.settings };
  if (upstreamEndpoints().unlock.emulated)
    return { source: "embedded", settings: embeddedShopCredentials().unlockImeiCheckHash };
  return { source: "none", settings: null };
}

export type UnlockConnectionSummary = {
  source: CredentialSource;
  environment: "sandbox" | "production" | "unknown" | "not_configured";
  /** The SVC key with its middle hidden. */
  maskedKey: string | null;
};

export async function describeUnlockConnection(): Promise<UnlockConnectionSummary> {
  if (env.UNLOCK_SVC_KEY && env.UNLOCK_SVC_SECRET)
    return { source: "env", environment: env.UNLOCK_ACCOUNT_ENVIRONMENT, maskedKey: maskKey(env.UNLOCK_SVC_KEY) };
  const stored = await readStoredUnlockCredential({ fresh: true });
  if (stored) return { source: "stored", environment: stored.environment, maskedKey: maskKey(stored.svcKey) };
  if (upstreamEndpoints().unlock.emulated)
    return {
      source: "embedded",
      environment: embeddedShopCredentials().unlockEnvironment,
      maskedKey: maskKey(embeddedShopCredentials().unlockSvcKey),
    };
  return { source: "none", environment: "not_configured", maskedKey: null };
}

function maskKey(key: string): string {
  return key.length <= 8 ? `${key.slice(0, 2)}…` : `${key.slice(0, 4)}…${key.slice(-4)}`;
}
