import "server-only";
import * as oauth from "oauth4webapi";
import { UpstreamError } from "../../errors";
import { oauthFailure, requestOptions } from "./endpoints";

// Spec section 5 "Discovery", in the order the live service publishes it:
// 1. an unauthenticated call is answered 401 with `WWW-Authenticate: Bearer resource_metadata="…"`;
// 2. that document (RFC 9728) must name our API as its `resource`;
// 3. its authorization server's metadata (RFC 8414) must name itself as `issuer`.
// A mismatch in 2 or 3 means someone else's metadata: refused, never followed.

export type DiscoveredServer = { resource: string; as: oauth.AuthorizationServer; scopesSupported: string[] };

export class DiscoveryError extends UpstreamError {}

function refuse(message: string, cause?: unknown): DiscoveryError {
  return new DiscoveryError({ api: "oauth", kind: "validation", code: "DISCOVERY_FAILED", message, cause, userMessage: message });
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
    throw refuse(`The commerce API did not answer an unauthenticated call with an OAuth challenge (HTTP ${response.status}): it may not support OAuth.`);
  }
  return match[1]!;
}

export async function discoverAuthorizationServer(apiBaseUrl: string): Promise<DiscoveredServer> {
  const resource = `${apiBaseUrl.replace(/\/$/, "")}/v2`;
  const metadataUrl = await challengeMetadataUrl(resource);

  let rs: oauth.ResourceServer;
  try {
    rs = await oauth.processResourceDiscoveryResponse(new URL(resource), await fetch(metadataUrl, { headers: { Accept: "application/json" }, ...requestOptions(metadataUrl) }));
  } catch (error) {
    if (isComparisonFailure(error, "resource")) {
      throw refuse(`The protected resource metadata names another API as its resource (expected ${resource}, got ${bodyValue(error, "resource")}): refused.`, error);
    }
    throw oauthFailure("protected resource metadata", error);
  }
  const issuer = rs.authorization_servers?.[0];
  if (!issuer) throw refuse("The protected resource metadata names no authorization server.");

  let as: oauth.AuthorizationServer;
  try {
    const issuerUrl = new URL(issuer);
    as = await oauth.processDiscoveryResponse(issuerUrl, await oauth.discoveryRequest(issuerUrl, { ...requestOptions(issuer), algorithm: "oauth2" }));
  } catch (error) {
    if (isComparisonFailure(error, "issuer")) {
      throw refuse(`The authorization server metadata names another issuer (expected ${issuer}, got ${bodyValue(error, "issuer")}): refused.`, error);
    }
    throw oauthFailure("authorization server metadata", error);
  }
  if (!as.authorization_endpoint || !as.token_endpoint || !as.registration_endpoint) {
    throw refuse("The authorization server metadata lacks an authorization, token or registration endpoint.");
  }
  if (!as.code_challenge_methods_supported?.includes("S256")) throw refuse("The authorization server does not support PKCE with S256.");
  return { resource, as, scopesSupported: rs.scopes_supported ?? [] };
}

function isComparisonFailure(error: unknown, attribute: string): boolean {
  return error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON && (error.cause as { attribute?: string })?.attribute === attribute;
}

function bodyValue(error: unknown, attribute: string): string {
  const body = (error as { cause?: { body?: Record<string, unknown> } }).cause?.body;
  return String(body?.[attribute] ?? "nothing");
}
