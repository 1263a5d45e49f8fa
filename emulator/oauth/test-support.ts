// Helpers shared by the OAuth contract tests (not a test file itself): register a client, and
// drive the HTML sign-in and consent pages with fetch the way a browser would post the forms.
import { expect } from "vitest";
import { emulatorControl } from "../control-client";

export const PKCE_VECTOR = {
  verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
  challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
};
export const PASSWORD = "emulator";
export const REDIRECT_URI = "http://127.0.0.1:9999/callback";

export async function registerClient(authBase: string, overrides: Record<string, unknown> = {}) {
  const res = await fetch(`${authBase}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Storefront test",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "openid profile orders:read orders:write balance:read webhooks:read webhooks:write",
      ...overrides,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { client_id: string; client_secret: string; redirect_uris: string[]; scope: string };
}

export function authorizeUrl(authBase: string, params: Record<string, string>) {
  const url = new URL(`${authBase}/oauth/authorize`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

const requestIdOf = (html: string) => {
  const id = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
  expect(id, "page carries a request_id hidden input").toBeTruthy();
  return id!;
};
const formActionOf = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");

export const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

/** Opens the authorize URL and signs in; returns the consent page (or the failed sign-in response). */
export async function signIn(url: string, email: string, password = PASSWORD) {
  const page = await fetch(url, { redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  const res = await postForm(formActionOf(html), { request_id: requestIdOf(html), email, password });
  return { res, html: await res.text() };
}

/** Signs in and decides on the consent page; returns the redirect target the browser would follow. */
export async function authorize(
  url: string,
  email: string,
  decision: "approve" | "deny" = "approve",
  environment?: "production" | "sandbox",
) {
  const { res, html } = await signIn(url, email);
  expect(res.status).toBe(200);
  const fields: Record<string, string> = { request_id: requestIdOf(html), decision };
  if (environment) fields.environment = environment;
  const done = await postForm(formActionOf(html), fields);
  expect(done.status).toBe(303);
  return new URL(done.headers.get("Location")!);
}

export async function tokenRequest(authBase: string, fields: Record<string, string>) {
  const res = await postForm(`${authBase}/oauth/token`, fields);
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, string | number | undefined>,
  };
}

/** Full code flow with the RFC 7636 vector: returns the token response body. */
export async function obtainTokens(
  authBase: string,
  clientId: string,
  email: string,
  scope: string,
  environment?: "production" | "sandbox",
) {
  const redirect = await authorize(
    authorizeUrl(authBase, {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      scope,
      state: "s1",
      code_challenge: PKCE_VECTOR.challenge,
      code_challenge_method: "S256",
    }),
    email,
    "approve",
    environment,
  );
  const code = redirect.searchParams.get("code");
  expect(code).toBeTruthy();
  const token = await tokenRequest(authBase, {
    grant_type: "authorization_code",
    code: code!,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    code_verifier: PKCE_VECTOR.verifier,
  });
  expect(token.status).toBe(200);
  return token.body as {
    access_token: string;
    refresh_token: string;
    scope: string;
    expires_in: number;
    token_type: string;
    id_token?: string;
  };
}

export async function advanceClock(base: string, ms: number) {
  await emulatorControl(base).advanceClock(ms);
}
