import "server-only";
import * as oauth from "oauth4webapi";
import { UpstreamError } from "../../errors";
import { asOAuthResponse } from "./error-body";

// The authorization server's answers to registration and token requests, read in either form
// (error-body.ts) and checked by oauth4webapi. No storage here: connect.ts and token-store.ts
// keep what these return.

/** POST {auth_url}/oauth/register's 201 (C§5 Registration): the public client's id. */
export async function readRegistration(response: Response): Promise<oauth.Client> {
  const normalised = await asOAuthResponse(response);
  if (normalised.status !== 201) return oauth.processDynamicClientRegistrationResponse(normalised); // throws the server's error
  // C§5: `client_secret` is "" for a public client; oauth4webapi refuses an empty secret.
  const body = (await normalised.json()) as Record<string, unknown>;
  if (body.client_secret === "") delete body.client_secret;
  const client = await oauth.processDynamicClientRegistrationResponse(
    new Response(JSON.stringify(body), { status: normalised.status, headers: normalised.headers }),
  );
  return { client_id: client.client_id };
}

/** The grant's tokens from the authorization server's answer. */
export function tokensFrom(response: oauth.TokenEndpointResponse, now = Date.now()) {
  if (!response.refresh_token)
    throw new UpstreamError({
      api: "oauth",
      kind: "validation",
      code: "NO_REFRESH_TOKEN",
      message: "the token answer carries no refresh_token",
    });
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    accessTokenExpiresAt: now + (response.expires_in ?? 3600) * 1000,
  };
}

/** POST {auth_url}/oauth/token's answer to the authorization_code grant (C§5 Token). */
export async function readCodeExchange(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  response: Response,
): Promise<oauth.TokenEndpointResponse> {
  return oauth.processAuthorizationCodeResponse(as, client, await asOAuthResponse(response));
}

/** POST {auth_url}/oauth/token's answer to the refresh_token grant (C§5 Token). */
export async function readRefresh(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  response: Response,
): Promise<oauth.TokenEndpointResponse> {
  return oauth.processRefreshTokenResponse(as, client, await asOAuthResponse(response));
}
