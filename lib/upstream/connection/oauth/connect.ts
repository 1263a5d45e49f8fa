import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { decodeJwt } from "jose";
import * as oauth from "oauth4webapi";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { SHOP_NAME } from "@/lib/products";
import { UpstreamError } from "../../errors";
import { CONNECTION_SETTINGS, writeStoredCommerceCredential, type StoredOAuthCredential } from "../credentials";
import { deleteSetting, readSealedJson, writeSealedJson } from "../sealed-setting";
import { discoverAuthorizationServer } from "./discovery";
import { oauthFailure, requestOptions } from "./endpoints";
import { readCodeExchange, readRegistration, tokensFrom } from "./answers";

// "Connect account" (spec section 5): discovery → dynamic registration of a public client
// (RFC 7591) → authorization code with PKCE S256 → tokens, stored sealed. The pending request
// (state, PKCE verifier) stays on the server, sealed, bound to the admin who started it and to
// their browser (a random value in an httpOnly cookie, of which only a hash is stored).

/** Spec section 5: the recommended PRO scope set. */
export const RECOMMENDED_PRO_SCOPES = "orders:read orders:write balance:read";
/** C§5: managing webhooks needs these; the shop registers its receiver at every start (lib/webhooks/bootstrap.ts). */
export const WEBHOOK_SCOPES = "webhooks:read webhooks:write";

/** What "Connect account" asks for: the recommended set, plus the webhook scopes when the shop manages its subscription (COMMERCE_WEBHOOKS). */
export function requestedScopes(manageWebhooks = env.COMMERCE_WEBHOOKS !== "off"): string {
  return manageWebhooks ? `${RECOMMENDED_PRO_SCOPES} ${WEBHOOK_SCOPES}` : RECOMMENDED_PRO_SCOPES;
}
const PENDING_LIFETIME_MS = 10 * 60_000;

const pendingSchema = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  userId: z.string(),
  browserHash: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  /** RFC 9207: the server's metadata promised `iss` on its redirect, so one without it is refused. */
  issParameterSupported: z.boolean().default(false),
  scope: z.string().default(RECOMMENDED_PRO_SCOPES),
  resource: z.string(),
  createdAt: z.number(),
});
type Pending = z.infer<typeof pendingSchema>;

export class ConnectError extends UpstreamError {}

const connectError = (code: string, message: string, cause?: unknown) =>
  new ConnectError({ api: "oauth", kind: "validation", code, message, userMessage: message, cause });
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** Starts a connection; returns the upstream's authorization page to send the admin to. */
export async function startOAuthConnect(input: {
  apiBaseUrl: string;
  redirectUri: string;
  userId: string;
  browserBinding: string;
}): Promise<{ authorizationUrl: string }> {
  const { as, resource } = await discoverAuthorizationServer(input.apiBaseUrl);
  const scope = requestedScopes();
  const client = await registerPublicClient(as, input.redirectUri, scope);

  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const pending: Pending = {
    state,
    codeVerifier,
    userId: input.userId,
    browserHash: sha256(input.browserBinding),
    clientId: client.client_id,
    redirectUri: input.redirectUri,
    issuer: as.issuer,
    authorizationEndpoint: as.authorization_endpoint!,
    tokenEndpoint: as.token_endpoint!,
    issParameterSupported: as.authorization_response_iss_parameter_supported === true,
    scope,
    resource,
    createdAt: Date.now(),
  };
  await writeSealedJson(db, CONNECTION_SETTINGS.oauthPending, pending, input.userId);

  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: input.redirectUri,
    scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    // RFC 8707: the token is for our API only.
    resource,
  }).toString();
  return { authorizationUrl: url.toString() };
}

async function registerPublicClient(
  as: oauth.AuthorizationServer,
  redirectUri: string,
  scope: string,
): Promise<oauth.Client> {
  const metadata = {
    client_name: `${SHOP_NAME} storefront`,
    redirect_uris: [redirectUri],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    scope,
  };
  try {
    return await readRegistration(
      await oauth.dynamicClientRegistrationRequest(as, metadata, requestOptions(as.registration_endpoint!)),
    );
  } catch (error) {
    throw oauthFailure("client registration", error);
  }
}

export type ConnectedSummary = { account: string | null; environment: "sandbox" | "production" | null; scope: string };

/**
 * Finishes a connection from the authorization server's redirect. Refuses a callback that does
 * not belong to the pending request of this admin in this browser, an expired one, and a denial.
 */
export async function finishOAuthConnect(input: {
  callbackUrl: URL;
  userId: string;
  browserBinding: string | undefined;
}): Promise<ConnectedSummary> {
  const pending = await readSealedJson(db, CONNECTION_SETTINGS.oauthPending, pendingSchema);
  if (!pending)
    throw connectError("NO_PENDING_CONNECT", "There is no connection in progress: start again with “Connect account”.");
  if (
    pending.userId !== input.userId ||
    !input.browserBinding ||
    !sameHash(pending.browserHash, sha256(input.browserBinding))
  ) {
    throw connectError(
      "CONNECT_NOT_YOURS",
      "This sign-in answer belongs to a connection started elsewhere: start again with “Connect account”.",
    );
  }
  if (Date.now() - pending.createdAt > PENDING_LIFETIME_MS) {
    await deleteSetting(db, CONNECTION_SETTINGS.oauthPending);
    throw connectError(
      "CONNECT_EXPIRED",
      "The connection took longer than 10 minutes: start again with “Connect account”.",
    );
  }

  // C§5: "The redirect carries `code` and `state`". `iss` is required only where the server's
  // metadata promised it (RFC 9207); when present it must name the issuer either way.
  const as: oauth.AuthorizationServer = {
    issuer: pending.issuer,
    authorization_endpoint: pending.authorizationEndpoint,
    token_endpoint: pending.tokenEndpoint,
    authorization_response_iss_parameter_supported: pending.issParameterSupported,
  };
  const client: oauth.Client = { client_id: pending.clientId };
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, input.callbackUrl, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError && error.error === "access_denied") {
      await deleteSetting(db, CONNECTION_SETTINGS.oauthPending);
      throw connectError(
        "ACCESS_DENIED",
        "The upstream account did not grant access (the request was denied on its consent page).",
        error,
      );
    }
    throw connectError(
      "BAD_CALLBACK",
      `The sign-in answer was refused: ${error instanceof Error ? error.message : String(error)}.`,
      error,
    );
  }

  let response: oauth.TokenEndpointResponse;
  try {
    response = await readCodeExchange(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        pending.redirectUri,
        pending.codeVerifier,
        requestOptions(pending.tokenEndpoint),
      ),
    );
  } catch (error) {
    throw oauthFailure("authorization code exchange", error);
  }

  const claims = safeClaims(response.access_token);
  const now = new Date().toISOString();
  const credential: StoredOAuthCredential = {
    kind: "oauth",
    issuer: pending.issuer,
    tokenEndpoint: pending.tokenEndpoint,
    resource: pending.resource,
    clientId: pending.clientId,
    // RFC 6749 §5.1: an answer without `scope` granted what was asked.
    scope: response.scope ?? pending.scope,
    ...tokensFrom(response),
    environment: claims.env === "sandbox" || claims.env === "production" ? claims.env : null,
    account: typeof claims.sub === "string" ? claims.sub : null,
    connectedAt: now,
    refreshedAt: null,
    version: 1,
    reconnect: null,
  };
  await writeStoredCommerceCredential(credential, input.userId);
  await deleteSetting(db, CONNECTION_SETTINGS.oauthPending);
  return { account: credential.account, environment: credential.environment, scope: credential.scope };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The access token's claims, read only for display (the API verifies the token, not us). */
function safeClaims(token: string): Record<string, unknown> {
  try {
    return decodeJwt(token);
  } catch {
    return {};
  }
}
