import { randomBytes } from "node:crypto";
import type { Environment } from "../core/accounts";
import type { StatePart } from "../core/state-parts";
import { readEntries, records } from "../core/state-records";

// State of the authorization server. Every map is emptied by the reset hook registered in
// index.ts, and saved in the state file as the part below; lifetimes are checked against
// the emulator clock on use.

export type RegisteredClient = {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  grantTypes: string[];
  responseTypes: string[];
  scope: string[];
  /** Emulator-clock milliseconds. */
  issuedAt: number;
};

/** An authorization request between GET /oauth/authorize and the Approve/Deny post. */
export type PendingAuthorization = {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge: string;
  expiresAt: number;
  /** Set once the user has signed in. */
  accountId?: string;
  authTime?: number;
};

export type AuthorizationCode = {
  code: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  accountId: string;
  scopes: string[];
  environment: Environment;
  nonce?: string;
  authTime: number;
  expiresAt: number;
  used: boolean;
  /** Grant family: every token descending from this code (revoked together on code reuse). */
  familyId: string;
};

export type RefreshTokenRecord = {
  token: string;
  clientId: string;
  accountId: string;
  scopes: string[];
  environment: Environment;
  familyId: string;
  expiresAt: number;
  /** "rotated" once exchanged (presenting it again is reuse); "revoked" by a control or family revocation. */
  state: "active" | "rotated" | "revoked";
};

export type IssuedAccessToken = {
  jti: string;
  clientId: string;
  accountId: string;
  familyId: string;
  expiresAt: number;
};

export const randomId = (prefix: string, bytes = 24) => `${prefix}${randomBytes(bytes).toString("base64url")}`;

export class OAuthStore {
  readonly clients = new Map<string, RegisteredClient>();
  readonly pending = new Map<string, PendingAuthorization>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  readonly accessTokens = new Map<string, IssuedAccessToken>();
  readonly revokedAccessTokens = new Set<string>();

  clear(): void {
    this.clients.clear();
    this.pending.clear();
    this.codes.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.revokedAccessTokens.clear();
  }

  /** The state file's part: one record per client, request, code, token and revocation. */
  part(): StatePart {
    return {
      name: "oauth",
      dump: () =>
        records()
          .map("client:", this.clients)
          .map("pending:", this.pending)
          .map("code:", this.codes)
          .map("refresh:", this.refreshTokens)
          .map("access:", this.accessTokens)
          .map("revoked:", new Map([...this.revokedAccessTokens].map((jti) => [jti, true]))).records,
      load: (saved) => {
        this.clear();
        for (const [id, client] of readEntries<RegisteredClient>(saved, "client:")) this.clients.set(id, client);
        for (const [id, request] of readEntries<PendingAuthorization>(saved, "pending:")) this.pending.set(id, request);
        for (const [code, record] of readEntries<AuthorizationCode>(saved, "code:")) this.codes.set(code, record);
        for (const [token, record] of readEntries<RefreshTokenRecord>(saved, "refresh:"))
          this.refreshTokens.set(token, record);
        for (const [jti, issued] of readEntries<IssuedAccessToken>(saved, "access:"))
          this.accessTokens.set(jti, issued);
        for (const [jti] of readEntries(saved, "revoked:")) this.revokedAccessTokens.add(jti);
      },
    };
  }

  /** Revokes every refresh and access token matching `match`; returns how many of each. */
  revokeWhere(match: (t: { clientId: string; accountId: string; familyId: string }) => boolean) {
    let refreshTokens = 0;
    let accessTokens = 0;
    for (const record of this.refreshTokens.values()) {
      if (record.state === "active" && match(record)) {
        record.state = "revoked";
        refreshTokens++;
      }
    }
    for (const issued of this.accessTokens.values()) {
      if (!this.revokedAccessTokens.has(issued.jti) && match(issued)) {
        this.revokedAccessTokens.add(issued.jti);
        accessTokens++;
      }
    }
    return { refreshTokens, accessTokens };
  }
}
