import "server-only";
import * as oauth from "oauth4webapi";
import { UpstreamError } from "../../errors";
import { oauthFailure, requestOptions } from "./endpoints";

// Spec section 5 "Discovery", in the order the live service publishes it:
// 1. an unauthenticated call is answered 401 with `WWW-Authenticate: Bearer resource_metadata="…"`;
// 2. that document (RFC 9728) must name our API as its `resource`;
// 3. its authorization server's metadata (RFC 8414, at the address C§5 writes first: see
//    serverMetadataUrls) must name itself as `issuer`.
// A mismatch in 2 or 3 means someone else's metadata: refused, never followed.

export type DiscoveredServer = { resource: string; as: oauth.AuthorizationServer; scopesSupported: string[] };

export class DiscoveryError extends UpstreamError {}

function refuse(message: string, cause?: unknown): DiscoveryError {
  return new DiscoveryError({
    api: "oauth",
    kind: "validation",
    code: "DISCOVERY_FAILED",
    message,
    cause,
    userMessage: message,
  });
}

/** The `resource_metadata` address from the API's 401 challenge. */
async function challengeMetadataUrl(resource: string): Promise<string> {
  const probe = `${resource}/balance`;
  let response: Response;
  try {
    response = await fetch(probe, { headers: { Accept: "application/json" }, ...requestOptions(probe) });
    await response.body?.cancel();
  } catch (error) {
    throw oauthFailure("discovery", error);
  }
  const challenge = response.headers.get("www-authenticate") ?? "";
  const match = /resource_metadata="([^"]+)"/i.exec(challenge);
  if (response.status !== 401 || !match) {
    throw refuse(
      `The commerce API did not answer an unauthenticated call with an OAuth challenge (HTTP ${response.status}): it may not support OAuth.`,
    );
  }
  return match[1]!;
}

export async function discoverAuthorizationServer(apiBaseUrl: string): Promise<DiscoveredServer> {
  const resource = `${apiBaseUrl.replace(/\/$/, "")}/v2`;
  const metadataUrl = await challengeMetadataUrl(resource);

  let rs: oauth.ResourceServer;
  try {
    rs = await oauth.processResourceDiscoveryResponse(
      new URL(resource),
      await fetch(metadataUrl, { headers: { Accept: "application/json" }, ...requestOptions(metadataUrl) }),
    );
  } catch (error) {
    if (isComparisonFailure(error, "resource")) {
      throw refuse(
        `The protected resource metadata names another API as its resource (expected ${resource}, got ${bodyValue(error, "resource")}): refused.`,
        error,
      );
    }
    throw oauthFailure("protected resource metadata", error);
  }
  const issuer = rs.authorization_servers?.[0];
  if (!issuer) throw refuse("The protected resource metadata names no authorization server.");

  let as: oauth.AuthorizationServer;
  try {
    as = await fetchServerMetadata(issuer);
  } catch (error) {
    if (isComparisonFailure(error, "issuer")) {
      throw refuse(
        `The authorization server metadata names another issuer (expected ${issuer}, got ${bodyValue(error, "issuer")}): refused.`,
        error,
      );
    }
    throw oauthFailure("authorization server metadata", error);
  }
  if (!as.authorization_endpoint || !as.token_endpoint || !as.registration_endpoint) {
    throw refuse("The authorization server metadata lacks an authorization, token or registration endpoint.");
  }
  // C§5 requires PKCE S256 and its metadata list does not name the methods field: the shop always
  // uses S256, and refuses only a server that lists its methods without S256.
  if (as.code_challenge_methods_supported && !as.code_challenge_methods_supported.includes("S256")) {
    throw refuse("The authorization server says it does not support PKCE with S256.");
  }
  return { resource, as, scopesSupported: rs.scopes_supported ?? [] };
}

/**
 * Where the authorization server metadata is looked for, in order: C§5 Discovery 3's
 * `{auth_url}/.well-known/oauth-authorization-server`, then RFC 8414 §3.1's form with the
 * well-known segment inserted before the issuer's path. The same URL when the issuer has no path.
 */
export function serverMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, "");
  const documented = `${url.origin}${path}/.well-known/oauth-authorization-server`;
  const inserted = `${url.origin}/.well-known/oauth-authorization-server${path}`;
  return documented === inserted ? [documented] : [documented, inserted];
}

/** The first metadata document found (a 404 moves on to the next address); its `issuer` must be `issuer` exactly. */
async function fetchServerMetadata(issuer: string): Promise<oauth.AuthorizationServer> {
  const urls = serverMetadataUrls(issuer);
  for (const [index, url] of urls.entries()) {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      redirect: "manual",
      ...requestOptions(url),
    });
    if (response.status === 404 && index < urls.length - 1) {
      await response.body?.cancel();
      continue;
    }
    return oauth.processDiscoveryResponse(new URL(issuer), response);
  }
  throw new Error("no metadata address"); // unreachable: urls is never empty
}

function isComparisonFailure(error: unknown, attribute: string): boolean {
  return (
    error instanceof oauth.OperationProcessingError &&
    error.code === oauth.JSON_ATTRIBUTE_COMPARISON &&
    (error.cause as { attribute?: string })?.attribute === attribute
  );
}

function bodyValue(error: unknown, attribute: string): string {
  const body = (error as { cause?: { body?: Record<string, unknown> } }).cause?.body;
  return String(body?.[attribute] ?? "nothing");
}
