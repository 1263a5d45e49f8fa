import "server-only";
import * as oauth from "oauth4webapi";
import { UpstreamError } from "../../errors";
import { assertSecureTransport } from "../../transport";

// oauth4webapi refuses plain http; the app's transport rule (https, or a loopback address for the
// embedded emulator) decides instead, for every OAuth request.

const OAUTH_TIMEOUT_MS = 15_000;

export function requestOptions(url: string) {
  assertSecureTransport("oauth", url);
  return {
    [oauth.allowInsecureRequests]: new URL(url).protocol === "http:",
    signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
  };
}

/** oauth4webapi's errors → UpstreamError, keeping the OAuth `error` code (invalid_grant, …) as the code. */
export function oauthFailure(step: string, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof oauth.ResponseBodyError) {
    return new UpstreamError({
      api: "oauth",
      kind: "api",
      code: error.error,
      status: error.status,
      message: `${step}: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}`,
      cause: error,
    });
  }
  if (error instanceof oauth.AuthorizationResponseError) {
    return new UpstreamError({
      api: "oauth",
      kind: "api",
      code: error.error,
      message: `${step}: ${error.error}${error.error_description ? ` (${error.error_description})` : ""}`,
      cause: error,
    });
  }
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  if (timedOut || error instanceof TypeError) {
    return new UpstreamError({
      api: "oauth",
      kind: timedOut ? "timeout" : "network",
      code: timedOut ? "TIMEOUT" : "NETWORK_ERROR",
      message: `${step}: the authorization server did not answer`,
      retryable: true,
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError({
    api: "oauth",
    kind: "validation",
    code: (error as { code?: string })?.code ?? "OAUTH_ERROR",
    message: `${step}: ${message}`,
    cause: error,
  });
}
