import type { CommerceAccount } from "../core/accounts";
import { CONSUMER_SCOPES, PRO_SCOPES } from "../commerce/auth";

// Scopes of spec section 5, in the order of the protected resource metadata (upstream-notes).
export const IDENTITY_SCOPES = ["openid", "profile"] as const;
export const SUPPORTED_SCOPES: readonly string[] = [...IDENTITY_SCOPES, ...PRO_SCOPES];

export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: "Confirm who you are (sign-in identity)",
  profile: "See your account email",
  "orders:read": "List and look up your orders, and preview prices",
  "orders:write": "Place orders on your behalf",
  "balance:read": "Read your PRO credit balance",
  "webhooks:read": "See your webhook subscriptions",
  "webhooks:write": "Create, change and delete webhook subscriptions",
};

/** Scope strings are space separated; a form-encoded "+" that reached us literally counts as a separator too. */
export function parseScope(raw: string | undefined): string[] {
  return [...new Set((raw ?? "").split(/[\s+]+/).filter(Boolean))];
}

export function unknownScopes(scopes: readonly string[]): string[] {
  return scopes.filter((s) => !SUPPORTED_SCOPES.includes(s));
}

/** What an account may approve: PRO accounts everything; consumers only orders:* (plus identity). */
export function grantableScopes(account: CommerceAccount): readonly string[] {
  return account.kind === "pro" ? SUPPORTED_SCOPES : [...IDENTITY_SCOPES, ...CONSUMER_SCOPES];
}

/** Splits requested scopes into the ones the account can grant and the ones it cannot. */
export function splitByAccount(account: CommerceAccount, requested: readonly string[]) {
  const allowed = grantableScopes(account);
  return {
    granted: requested.filter((s) => allowed.includes(s)),
    refused: requested.filter((s) => !allowed.includes(s)),
  };
}

/** The commerce scopes among a list (identity scopes alone give no API access). */
export const apiScopes = (scopes: readonly string[]) =>
  scopes.filter((s) => !(IDENTITY_SCOPES as readonly string[]).includes(s));
