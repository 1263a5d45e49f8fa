import "server-only";
import * as oauth from "oauth4webapi";
import { db } from "@/lib/db";
import { withSettingLease } from "@/lib/db/settings";
import { logger } from "@/lib/log";
import type { TokenStore } from "../../commerce/auth";
import { reconnectNeeded } from "../../commerce/errors";
import { UpstreamError } from "../../errors";
import {
  CONNECTION_SETTINGS,
  readStoredCommerceCredential,
  updateStoredOAuthGrant,
  type StoredOAuthCredential,
} from "../credentials";
import { oauthFailure, requestOptions } from "./endpoints";
import { readRefresh, tokensFrom } from "./answers";

// The OAuth grant stored in the database (sealed), shared by every instance of the app.
// Refresh tokens rotate and a spent one presented again revokes the whole grant, so a refresh
// runs under a database lease: one instance refreshes, the others wait for the new version.

const LEASE_TTL_MS = 30_000;
const WAIT_FOR_OTHER_REFRESH_MS = 15_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function current(): Promise<StoredOAuthCredential> {
  const stored = await readStoredCommerceCredential({ fresh: true });
  if (stored?.kind !== "oauth") throw reconnectNeeded("oauth", "the OAuth connection was removed");
  return stored;
}

async function refreshGrant(grant: StoredOAuthCredential): Promise<StoredOAuthCredential> {
  const as: oauth.AuthorizationServer = { issuer: grant.issuer, token_endpoint: grant.tokenEndpoint };
  const client: oauth.Client = { client_id: grant.clientId };
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      grant.refreshToken,
      requestOptions(grant.tokenEndpoint),
    );
    const tokens = tokensFrom(await readRefresh(as, client, response));
    return { ...grant, ...tokens, refreshedAt: new Date().toISOString(), version: grant.version + 1 };
  } catch (error) {
    throw oauthFailure("token refresh", error);
  }
}

export const oauthTokenStore: TokenStore = {
  async identity() {
    const grant = await current();
    return { account: grant.account, environment: grant.environment };
  },

  async getAccessToken() {
    const grant = await current();
    // Known to be gone: fail fast instead of sending a token the API will refuse.
    if (grant.reconnect) throw reconnectNeeded("oauth", grant.reconnect.reason);
    return grant.accessToken;
  },

  async refresh() {
    const seen = await current();
    const deadline = Date.now() + WAIT_FOR_OTHER_REFRESH_MS;
    for (;;) {
      const leased = await withSettingLease(db, CONNECTION_SETTINGS.oauthRefreshLease, LEASE_TTL_MS, async () => {
        const grant = await current();
        // Another instance refreshed while we waited for the lease: use its token.
        if (grant.version !== seen.version) return grant.accessToken;
        const refreshed = await refreshGrant(grant);
        await updateStoredOAuthGrant(refreshed);
        logger.info({ upstream: "oauth", version: refreshed.version }, "commerce OAuth token refreshed");
        return refreshed.accessToken;
      });
      if (leased.ran) return leased.value;
      await sleep(200);
      const grant = await current();
      if (grant.version !== seen.version) return grant.accessToken;
      if (Date.now() > deadline) {
        throw new UpstreamError({
          api: "oauth",
          kind: "network",
          code: "REFRESH_BUSY",
          message: "another instance is refreshing the OAuth token and has not finished",
          retryable: true,
        });
      }
    }
  },

  async markReconnectNeeded(reason) {
    const grant = await readStoredCommerceCredential({ fresh: true });
    if (grant?.kind !== "oauth" || grant.reconnect) return;
    await updateStoredOAuthGrant({ ...grant, reconnect: { reason, at: new Date().toISOString() } });
    logger.warn({ upstream: "oauth", reason }, "commerce OAuth connection needs staff to reconnect");
  },
};
