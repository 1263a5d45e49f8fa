import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { deleteSetting, readSealedJson, writeSealedJson } from "./sealed-setting";

// What staff stored in the admin's "Upstream connection" page, sealed in `Setting`. One commerce
// credential at a time (an API key or an OAuth grant) and one unlocking API key pair. Layers
// above that remember upstream failures (the catalog cache) are told of a change by the caller.

export const CONNECTION_SETTINGS = {
  commerce: "upstream.commerce.credential",
  oauthPending: "upstream.commerce.oauth.pending",
  oauthRefreshLease: "upstream.commerce.oauth.refresh-lease",
  unlock: "upstream.unlock.credential",
} as const;

const apiKeyCredential = z.object({
  kind: z.literal("api_key"),
  apiId: z.string().min(1),
  apiSecret: z.string().min(1),
  savedAt: z.string(),
});

const oauthCredential = z.object({
  kind: z.literal("oauth"),
  issuer: z.string(),
  tokenEndpoint: z.string(),
  resource: z.string(),
  clientId: z.string(),
  scope: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Epoch ms; informational (the API's 401 is what triggers a refresh). */
  accessTokenExpiresAt: z.number(),
  /** From the access token's `env` claim (upstream-notes), for staff to see where orders go. */
  environment: z.enum(["sandbox", "production"]).nullable(),
  /** The upstream account (token `sub`). */
  account: z.string().nullable(),
  connectedAt: z.string(),
  refreshedAt: z.string().nullable(),
  /** Bumped on every token change: concurrent refreshers learn that someone else refreshed. */
  version: z.number().int(),
  /** Set when the grant is gone (invalid_grant): staff must connect again. */
  reconnect: z.object({ reason: z.string(), at: z.string() }).nullable(),
});

export const storedCommerceCredential = z.discriminatedUnion("kind", [apiKeyCredential, oauthCredential]);
export type StoredCommerceCredential = z.infer<typeof storedCommerceCredential>;
export type StoredOAuthCredential = z.infer<typeof oauthCredential>;

export const storedUnlockCredential = z.object({
  svcKey: z.string().min(1),
  svcSecret: z.string().min(1),
  /** The spec has separate sandbox and production pairs; staff say which one this is. */
  environment: z.enum(["sandbox", "production"]),
  savedAt: z.string(),
});
export type StoredUnlockCredential = z.infer<typeof storedUnlockCredential>;

// Every upstream call resolves its credential: a short in-process cache keeps that off the
// database's back; writes here clear it, and other instances see a change within the TTL.
// On globalThis: Next.js bundles route handlers, pages and actions separately, each with its
// own copy of this module, and a write in one must clear the cache of all.
const CACHE_TTL_MS = 5_000;
const globalForCredentials = globalThis as unknown as {
  __upstreamCredentialCache?: Map<string, { at: number; value: unknown }>;
};
const cache = (globalForCredentials.__upstreamCredentialCache ??= new Map());

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value as T;
  const value = await load();
  cache.set(key, { at: Date.now(), value });
  return value;
}

export function forgetCachedCredentials(): void {
  cache.clear();
}

export function readStoredCommerceCredential(
  options: { fresh?: boolean } = {},
): Promise<StoredCommerceCredential | null> {
  const load = () => readSealedJson(db, CONNECTION_SETTINGS.commerce, storedCommerceCredential);
  return options.fresh ? load() : cached(CONNECTION_SETTINGS.commerce, load);
}

export async function writeStoredCommerceCredential(value: StoredCommerceCredential, updatedBy: string): Promise<void> {
  await writeSealedJson(db, CONNECTION_SETTINGS.commerce, value, updatedBy);
  forgetCachedCredentials();
}

/** The same grant with new tokens or a reconnect mark (the token store's writes). */
export async function updateStoredOAuthGrant(value: StoredOAuthCredential): Promise<void> {
  await writeSealedJson(db, CONNECTION_SETTINGS.commerce, value, "system");
  forgetCachedCredentials();
}

export async function deleteStoredCommerceCredential(): Promise<void> {
  await deleteSetting(db, CONNECTION_SETTINGS.commerce);
  forgetCachedCredentials();
}

export function readStoredUnlockCredential(options: { fresh?: boolean } = {}): Promise<StoredUnlockCredential | null> {
  const load = () => readSealedJson(db, CONNECTION_SETTINGS.unlock, storedUnlockCredential);
  return options.fresh ? load() : cached(CONNECTION_SETTINGS.unlock, load);
}

export async function writeStoredUnlockCredential(value: StoredUnlockCredential, updatedBy: string): Promise<void> {
  await writeSealedJson(db, CONNECTION_SETTINGS.unlock, value, updatedBy);
  forgetCachedCredentials();
}

export async function deleteStoredUnlockCredential(): Promise<void> {
  await deleteSetting(db, CONNECTION_SETTINGS.unlock);
  forgetCachedCredentials();
}
