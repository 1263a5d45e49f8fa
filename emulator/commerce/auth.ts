import type { MiddlewareHandler } from "hono";
import {
  COMMERCE_ACCOUNTS,
  RATE_LIMIT_PER_TIER,
  findCommerceKey,
  type CommerceAccount,
  type Environment,
} from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import type { EmulatorEnv } from "../core/hono-env";
import { commerceError } from "../core/envelope";
import { rateLimitHeaders } from "../core/rate-limit";

// Commerce v2 authentication (spec section 5): `Authorization: Bearer <credential>`, either an
// API key "api_id:api_secret" (contains a colon) or an OAuth access token (JWT, no colon).

export const PRO_SCOPES = ["orders:read", "orders:write", "balance:read", "webhooks:read", "webhooks:write"] as const;
export const CONSUMER_SCOPES = ["orders:read", "orders:write"] as const;

export type Principal = {
  account: CommerceAccount;
  environment: Environment;
  via: "api_key" | "oauth";
  scopes: string[];
  /** OAuth client that obtained the token. */
  clientId?: string;
};

export type CommerceVariables = { principal: Principal };
/** The commerce API's authenticated sub-apps: the emulator's environment and the caller, set by `requireAuth`. */
export type CommerceEnv = EmulatorEnv & { Variables: CommerceVariables };

/** Verifies an OAuth access token; set by the OAuth module (emulator/oauth). */
export type AccessTokenVerifier = (token: string) => Promise<Omit<Principal, "via"> | null>;

// One verifier per emulator (each has its own signing key), so several emulators can run in
// one test process without accepting each other's tokens.
const verifiers = new WeakMap<EmulatorContext, AccessTokenVerifier>();
export function setAccessTokenVerifier(ctx: EmulatorContext, verifier: AccessTokenVerifier): void {
  verifiers.set(ctx, verifier);
}

export function resourceMetadataUrl(ctx: EmulatorContext): string {
  return `${ctx.config.publicUrl}/.well-known/oauth-protected-resource/v2`;
}

function unauthorized(c: Parameters<MiddlewareHandler>[0], ctx: EmulatorContext, code: string, message: string) {
  c.header("WWW-Authenticate", `Bearer resource_metadata="${resourceMetadataUrl(ctx)}"`);
  return commerceError(c, ctx, 401, code, message, {
    next_step: "Send Authorization: Bearer api_id:api_secret or an OAuth access token",
  });
}

async function identify(
  ctx: EmulatorContext,
  header: string | undefined,
): Promise<{ principal?: Principal; code?: string; message?: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  if (!match) return { code: "INVALID_TOKEN", message: "Missing bearer credential" };
  const credential = match[1]!;
  if (credential.includes(":")) {
    const [apiId = "", apiSecret = ""] = credential.split(":", 2);
    const found = findCommerceKey(apiId, apiSecret);
    if (!found) return { code: "INVALID_API_KEY", message: "Unknown API key" };
    if (!found.secretOk) return { code: "INVALID_API_SECRET", message: "API secret does not match the API key" };
    return {
      principal: {
        account: found.account,
        environment: found.key.environment,
        via: "api_key",
        scopes: [...PRO_SCOPES],
      },
    };
  }
  const verified = (await verifiers.get(ctx)?.(credential)) ?? null;
  if (!verified) return { code: "INVALID_TOKEN", message: "Access token is invalid or expired" };
  return { principal: { ...verified, via: "oauth" } };
}

/**
 * Authenticates, rate-limits per account tier, and checks a scope and PRO-only access.
 * Sets `principal` for the handler.
 */
export function requireAuth(
  ctx: EmulatorContext,
  options: { scope?: string; proOnly?: boolean } = {},
): MiddlewareHandler<CommerceEnv> {
  return async (c, next) => {
    const { principal, code, message } = await identify(ctx, c.req.header("Authorization"));
    if (!principal) return unauthorized(c, ctx, code!, message!);

    const decision = ctx.rateLimiter.check(
      `commerce:${principal.account.id}`,
      RATE_LIMIT_PER_TIER[principal.account.tier],
      ctx.clock.now(),
    );
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      return commerceError(
        c,
        ctx,
        429,
        "rate_limited",
        `Rate limit of ${decision.limit} requests per minute exceeded; back off and retry`,
      );
    }

    if (options.proOnly && principal.account.kind !== "pro") {
      return commerceError(c, ctx, 403, "API_ACCESS_DENIED", "This endpoint is available to PRO accounts only");
    }
    if (options.scope && !principal.scopes.includes(options.scope)) {
      c.header(
        "WWW-Authenticate",
        `Bearer error="insufficient_scope", scope="${options.scope}", resource_metadata="${resourceMetadataUrl(ctx)}"`,
      );
      return commerceError(
        c,
        ctx,
        403,
        "insufficient_scope",
        `This call needs the ${options.scope} scope; request broader scopes`,
      );
    }
    c.set("principal", principal);
    await next();
  };
}

export function accountById(id: string): CommerceAccount | undefined {
  return COMMERCE_ACCOUNTS.find((a) => a.id === id);
}
