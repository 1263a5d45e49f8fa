import { createHash } from "node:crypto";

// Which upstream account a call goes to. Upstream order ids and ticket ids are unique only
// within one account (a sandbox and a live key, two accounts, or a sandbox that was wiped all
// number from the same start), so the shop records this identity with every order it sends
// and matches every piece of upstream news on (connection, upstream id). The key is built
// here and nowhere else; lib/orders/connections.ts turns it into an UpstreamConnection row.

export type UpstreamApi = "commerce" | "unlock";

export type ConnectionIdentity = {
  api: UpstreamApi;
  /** The API host root the calls go to. */
  baseUrl: string;
  /** sandbox / production / unknown. */
  environment: string;
  /** What names the account without being a secret: an api_id, an OAuth account, a key fingerprint. */
  account: string;
  /**
   * The embedded emulator's instance (its state file's id): a sandbox whose state was wiped
   * numbers orders from the start again, so it counts as another connection.
   */
  instance?: string | null;
};

export function connectionKey(identity: ConnectionIdentity): string {
  const parts = [
    identity.api,
    identity.baseUrl.replace(/\/+$/, "").toLowerCase(),
    identity.environment,
    identity.account,
  ];
  if (identity.instance) parts.push(`instance=${identity.instance}`);
  return parts.join("|");
}

/** A stable, non-reversible name for a credential that is itself secret-ish (the unlocking SVC key). */
export function credentialFingerprint(value: string): string {
  return `sha256:${createHash("sha256").update(value).digest("hex").slice(0, 16)}`;
}
