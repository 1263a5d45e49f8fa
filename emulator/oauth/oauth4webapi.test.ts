import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type RunningEmulator } from "../app";
import { postForm } from "./test-support";

// An independent OAuth client library (oauth4webapi) walks the whole spec section 5 journey:
// 401 challenge → protected resource metadata → AS metadata → dynamic registration →
// authorization code + PKCE (HTML pages driven with fetch) → token → API call → refresh.

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator(0, { controls: true });
});
afterAll(() => emu.close());

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const REDIRECT = "http://127.0.0.1:8787/oauth/callback";

/**
 * The spec's registration answer carries `client_secret: ""`; oauth4webapi refuses an empty
 * client_secret ("must not be empty"), so a client built on it drops the empty field first.
 */
async function withoutEmptySecret(response: Response): Promise<Response> {
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.client_secret).toBe("");
  delete body.client_secret;
  return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
}

/** What a browser does between the authorization URL and the callback: sign in, approve. */
async function userApproves(authorizationUrl: URL, email: string): Promise<URL> {
  const signInPage = await (await fetch(authorizationUrl, { redirect: "manual" })).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(signInPage)![1]!;
  const consent = await postForm(`${emu.ctx.config.authBaseUrl}/oauth/authorize/sign-in`, {
    request_id: requestId,
    email,
    password: "emulator",
  });
  expect(consent.status).toBe(200);
  await consent.text();
  const done = await postForm(`${emu.ctx.config.authBaseUrl}/oauth/authorize/consent`, {
    request_id: requestId,
    decision: "approve",
  });
  expect(done.status).toBe(303);
  return new URL(done.headers.get("Location")!);
}

describe("oauth4webapi as a client (spec section 5 end to end)", () => {
  it("§5 discovery → registration → authorization code + PKCE → token → API call → refresh, with oauth4webapi", async () => {
    const resourceUrl = new URL(`${emu.url}/v2/balance`);

    // 1. The unauthenticated call is challenged with resource_metadata.
    let metadataUrl: string | undefined;
    try {
      await oauth.protectedResourceRequest("not-a-valid-token", "GET", resourceUrl, undefined, undefined, insecure);
      expect.unreachable("a 401 challenge was expected");
    } catch (error) {
      expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      const [challenge] = (error as oauth.WWWAuthenticateChallengeError).cause;
      expect(challenge!.scheme).toBe("bearer");
      metadataUrl = challenge!.parameters.resource_metadata;
    }

    // 2. Protected resource metadata (RFC 9728): the well-known URL built from the v2 base is the one advertised.
    const resourceIdentifier = new URL(`${emu.url}/v2`);
    const prmResponse = await oauth.resourceDiscoveryRequest(resourceIdentifier, insecure);
    expect(prmResponse.url).toBe(metadataUrl);
    const rs = await oauth.processResourceDiscoveryResponse(resourceIdentifier, prmResponse);
    expect(rs.scopes_supported).toContain("balance:read");

    // 3. Authorization server metadata (RFC 8414), issuer checked by the library.
    const issuer = new URL(rs.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oauth2" }),
    );
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);

    // 4. Dynamic client registration (RFC 7591): a public client.
    const metadata = {
      client_name: "oauth4webapi shop",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "orders:read orders:write balance:read",
    };
    // As specified (client_secret ""), the library's strict check refuses the answer as is ...
    await expect(
      oauth.processDynamicClientRegistrationResponse(
        await oauth.dynamicClientRegistrationRequest(as, metadata, insecure),
      ),
    ).rejects.toThrow(/client_secret/);
    // ... and accepts it once the empty secret is dropped.
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await withoutEmptySecret(await oauth.dynamicClientRegistrationRequest(as, metadata, insecure)),
    );
    expect(registered.token_endpoint_auth_method).toBe("none");
    const client: oauth.Client = { client_id: registered.client_id };

    // 5. Authorization code with PKCE S256.
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint!);
    authorizationUrl.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "orders:read orders:write balance:read",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    }).toString();
    const callback = await userApproves(authorizationUrl, "pro@emulator.test");
    const params = oauth.validateAuthResponse(as, client, callback, state);

    // 6. Token.
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, codeVerifier, insecure),
    );
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("orders:read orders:write balance:read");

    // 7. The API accepts the access token.
    const ok = await oauth.protectedResourceRequest(
      tokens.access_token,
      "GET",
      resourceUrl,
      undefined,
      undefined,
      insecure,
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: { environment: string } }).data.environment).toBe("production");

    // 8. Refresh (rotation: a new refresh token).
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    // 9. The rotated refresh token is rejected with invalid_grant, as the library reports it.
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
      ),
    ).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("§5 OpenID: oauth4webapi's OIDC discovery and ID token checks (nonce, issuer, audience) pass", async () => {
    const issuer = new URL(emu.ctx.config.authBaseUrl);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await withoutEmptySecret(
        await oauth.dynamicClientRegistrationRequest(
          as,
          { redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", scope: "openid profile orders:read" },
          insecure,
        ),
      ),
    );
    const client: oauth.Client = { client_id: registered.client_id };
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "openid profile orders:read",
      nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    }).toString();
    const params = oauth.validateAuthResponse(
      as,
      client,
      await userApproves(url, "consumer@emulator.test"),
      oauth.expectNoState,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, codeVerifier, insecure),
      {
        expectedNonce: nonce,
        requireIdToken: true,
      },
    );
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims.sub).toBe("acct_consumer");
    expect(claims.email).toBe("consumer@emulator.test");
    const userinfo = await oauth.processUserInfoResponse(
      as,
      client,
      claims.sub,
      await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
    );
    expect(userinfo.email).toBe("consumer@emulator.test");
  });
});
