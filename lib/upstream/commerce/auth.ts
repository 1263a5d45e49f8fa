import "server-only";

// The two ways the shop authenticates to the commerce API (spec section 5):
// - an API key `api_id:api_secret`, sent as `Authorization: Bearer api_id:api_secret`;
// - an OAuth access token from a token store (the DB-backed store with encrypted tokens
//   belongs to the OAuth connection feature; this module only defines what it must do).

export interface TokenStore {
  /** The current access token (it may have expired: the API's 401 says so). */
  getAccessToken(): Promise<string>;
  /**
   * Uses the refresh token and returns the new access token, storing both new tokens
   * (refresh tokens rotate: the old one is spent). Throws an UpstreamError whose
   * canonicalCode is INVALID_GRANT when the grant is gone (revoked, expired, reused).
   * Concurrent calls must share one refresh: presenting a spent refresh token again is
   * treated as theft by the authorization server and revokes the whole grant. The client
   * already joins concurrent refreshes of one store object within a process.
   */
  refresh(): Promise<string>;
  /** Records that staff must connect the account again (shown in the admin). */
  markReconnectNeeded(reason: string): Promise<void>;
  /** The connected account and its environment (the access token's `sub` and `env`), when known. */
  identity?(): Promise<{ account: string | null; environment: string | null }>;
}

export type CommerceAuth =
  { kind: "api_key"; apiId: string; apiSecret: string } | { kind: "oauth"; tokens: TokenStore };

/** Resolved at each call, so the credential can change (or be missing) without a restart. */
export type CommerceAuthProvider = () => CommerceAuth | Promise<CommerceAuth>;

export type ApiKeyEnvironment = "sandbox" | "production" | "unknown";

/**
 * Which environment an API key places orders in, from its api_id prefix (spec section 5;
 * upstream-notes: `test_…` sandbox, `live_…` production): for staff to see what is connected.
 */
export function apiKeyEnvironment(apiId: string): ApiKeyEnvironment {
  if (apiId.startsWith("test_")) return "sandbox";
  if (apiId.startsWith("live_")) return "production";
  return "unknown";
}

/** "api_id:api_secret" → its two parts; null unless both are present and non-blank. */
export function parseApiKey(value: string): { apiId: string; apiSecret: string } | null {
  const separator = value.indexOf(":");
  if (separator <= 0) return null;
  const apiId = value.slice(0, separator).trim();
  const apiSecret = value.slice(separator + 1).trim();
  if (!apiId || !apiSecret || /\s|:/.test(apiId + apiSecret)) return null;
  return { apiId, apiSecret };
}

/** The api_id with its middle hidden ("live_shop…0001"), safe for the admin and logs. */
export function maskApiId(apiId: string): string {
  if (apiId.length <= 12) return `${apiId.slice(0, 4)}…`;
  return `${apiId.slice(0, 9)}…${apiId.slice(-4)}`;
}

/** The bearer value of an API key (spec section 5: the value contains the colon). */
export function apiKeyBearer(auth: { apiId: string; apiSecret: string }): string {
  return `Bearer ${auth.apiId}:${auth.apiSecret}`;
}
