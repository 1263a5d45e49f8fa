import type { Context } from "hono";
import { z } from "zod";
import { COMMERCE_ACCOUNTS } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import { redirectToClient } from "./oauth-error";
import { consentPage, errorPage, signInPage } from "./pages";
import { isCodeChallenge } from "./pkce";
import { matchesRegisteredRedirect } from "./redirect-uris";
import { parseScope, splitByAccount, unknownScopes } from "./scopes";
import { randomId, type OAuthStore, type PendingAuthorization } from "./store";
import { oauthUrls } from "./urls";
import type { EmulatorApp } from "../core/hono-env";

// GET {auth}/oauth/authorize → sign-in page → consent page → redirect with code (spec section 5,
// "Claim"). The pending request lives server-side under a random id carried by hidden inputs.

const PENDING_LIFETIME_MS = 10 * 60_000;
export const CODE_LIFETIME_MS = 60_000;

const authorizeQuery = z.object({
  response_type: z.string().optional(),
  client_id: z.string().optional(),
  redirect_uri: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().max(2048).optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  nonce: z.string().max(512).optional(),
  resource: z.string().optional(),
});

const signInForm = z.object({
  request_id: z.string().min(1),
  email: z.string().trim().default(""),
  password: z.string().default(""),
});
const consentForm = z.object({
  request_id: z.string().min(1),
  decision: z.enum(["approve", "deny"]),
  environment: z.enum(["production", "sandbox"]).default("production"),
});

/** The form body as plain strings (repeated fields: the last one wins, as a browser would send one). */
async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}));
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === "string") fields[key] = last;
  }
  return fields;
}

const redirectHost = (uri: string) => {
  const url = new URL(uri);
  return url.host || url.protocol;
};

export function registerAuthorize(app: EmulatorApp, ctx: EmulatorContext, store: OAuthStore, authPath: string): void {
  const livePending = (id: string): PendingAuthorization | undefined => {
    const pending = store.pending.get(id);
    if (pending && pending.expiresAt <= ctx.clock.now()) {
      store.pending.delete(id);
      return undefined;
    }
    return pending;
  };
  const expiredPage = (c: Context) =>
    c.html(
      errorPage(
        "Sign-in request expired",
        "This authorization request is unknown or has expired. Start again from the application.",
      ),
      400,
    );

  app.get(`${authPath}/oauth/authorize`, (c) => {
    const urls = oauthUrls(ctx);
    const q = authorizeQuery.safeParse(c.req.query());
    if (!q.success) return c.html(errorPage("Invalid authorization request", z.prettifyError(q.error)), 400);
    const p = q.data;

    // Without a verified client and redirect URI there is nowhere safe to send an error.
    const client = p.client_id ? store.clients.get(p.client_id) : undefined;
    if (!client)
      return c.html(
        errorPage(
          "Unknown application",
          p.client_id ? `No client is registered with client_id "${p.client_id}".` : "The request has no client_id.",
        ),
        400,
      );
    if (!p.redirect_uri || !matchesRegisteredRedirect(client.redirectUris, p.redirect_uri)) {
      return c.html(
        errorPage(
          "Invalid redirect address",
          "redirect_uri is missing or is not one of the addresses registered for this application.",
        ),
        400,
      );
    }
    const redirectUri = p.redirect_uri;
    const fail = (error: string, description: string) =>
      redirectToClient(c, ctx, redirectUri, urls.issuer, { error, error_description: description, state: p.state });

    if (p.response_type !== "code") return fail("invalid_request", 'response_type must be "code"');
    if (!p.code_challenge) return fail("invalid_request", "code_challenge is required (PKCE S256)");
    if (p.code_challenge_method !== "S256")
      return fail("invalid_request", 'code_challenge_method must be "S256"; plain and missing methods are refused');
    if (!isCodeChallenge(p.code_challenge))
      return fail(
        "invalid_request",
        "code_challenge must be BASE64URL(SHA-256(code_verifier)): 43 URL-safe characters",
      );
    if (p.resource !== undefined && p.resource !== urls.resource)
      return fail("invalid_target", `resource must be ${urls.resource}`);

    const requested = p.scope === undefined || p.scope.trim() === "" ? client.scope : parseScope(p.scope);
    const unknown = unknownScopes(requested);
    if (unknown.length > 0) return fail("invalid_request", `Unknown scope(s): ${unknown.join(", ")}`);
    const unregistered = requested.filter((s) => !client.scope.includes(s));
    if (unregistered.length > 0)
      return fail("invalid_request", `Scope(s) not registered for this client: ${unregistered.join(", ")}`);

    const pending: PendingAuthorization = {
      id: randomId("authreq_"),
      clientId: client.clientId,
      redirectUri,
      scopes: requested,
      state: p.state,
      nonce: p.nonce,
      codeChallenge: p.code_challenge,
      expiresAt: ctx.clock.now() + PENDING_LIFETIME_MS,
    };
    store.pending.set(pending.id, pending);
    c.header("Cache-Control", "no-store");
    return c.html(
      signInPage({ action: `${urls.authorize}/sign-in`, requestId: pending.id, clientName: client.clientName }),
    );
  });

  app.post(`${authPath}/oauth/authorize/sign-in`, async (c) => {
    const urls = oauthUrls(ctx);
    const form = signInForm.safeParse(await formFields(c));
    const pending = form.success ? livePending(form.data.request_id) : undefined;
    const client = pending && store.clients.get(pending.clientId);
    if (!form.success || !pending || !client) return expiredPage(c);

    const account = COMMERCE_ACCOUNTS.find((a) => a.email.toLowerCase() === form.data.email.toLowerCase());
    c.header("Cache-Control", "no-store");
    if (!account || account.password !== form.data.password) {
      return c.html(
        signInPage({
          action: `${urls.authorize}/sign-in`,
          requestId: pending.id,
          clientName: client.clientName,
          email: form.data.email,
          error: "Email or password is incorrect.",
        }),
        401,
      );
    }
    pending.accountId = account.id;
    pending.authTime = ctx.clock.now();
    const { granted, refused } = splitByAccount(account, pending.scopes);
    return c.html(
      consentPage({
        action: `${urls.authorize}/consent`,
        requestId: pending.id,
        clientName: client.clientName,
        redirectHost: redirectHost(pending.redirectUri),
        email: account.email,
        granted,
        refused,
      }),
    );
  });

  app.post(`${authPath}/oauth/authorize/consent`, async (c) => {
    const urls = oauthUrls(ctx);
    const form = consentForm.safeParse(await formFields(c));
    const pending = form.success ? livePending(form.data.request_id) : undefined;
    const account = pending?.accountId ? COMMERCE_ACCOUNTS.find((a) => a.id === pending.accountId) : undefined;
    if (!form.success || !pending || !account) return expiredPage(c);
    store.pending.delete(pending.id); // one decision per request

    const { granted } = splitByAccount(account, pending.scopes);
    if (form.data.decision === "deny" || granted.length === 0) {
      const description =
        form.data.decision === "deny"
          ? "The user declined the request"
          : "None of the requested scopes can be granted to this account";
      return redirectToClient(
        c,
        ctx,
        pending.redirectUri,
        urls.issuer,
        { error: "access_denied", error_description: description, state: pending.state },
        303,
      );
    }

    const code = randomId("code_");
    store.codes.set(code, {
      code,
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      accountId: account.id,
      scopes: granted,
      environment: form.data.environment,
      nonce: pending.nonce,
      authTime: pending.authTime ?? ctx.clock.now(),
      expiresAt: ctx.clock.now() + CODE_LIFETIME_MS,
      used: false,
      familyId: randomId("grant_", 12),
    });
    return redirectToClient(c, ctx, pending.redirectUri, urls.issuer, { code, state: pending.state }, 303);
  });
}
