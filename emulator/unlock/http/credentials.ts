import type { MiddlewareHandler } from "hono";
import { UNLOCK_ACCOUNTS, type UnlockAccount } from "../../core/accounts";
import type { EmulatorContext } from "../../core/context";
import type { EmulatorEnv } from "../../core/hono-env";
import { rateLimitHeaders } from "../../core/rate-limit";
import { replyError } from "./reply";

/**
 * Credential header pairs, first match wins: the spec's names, then the live service's
 * (upstream-notes). One constant so a deployment can add or reorder names.
 */
export const CREDENTIAL_HEADERS = [
  { key: "SVC_KEY", secret: "SVC_SECRET" },
  { key: "DSIM_KEY", secret: "DSIM_SECRET" },
] as const;

/** Spec section 8: 500 requests per minute per account, across all methods. */
export const UNLOCK_RATE_LIMIT_PER_MINUTE = 500;

/** The unlocking API's sub-app: the emulator's environment and the caller's account, set by `requireUnlockAccount`. */
export type UnlockEnv = EmulatorEnv & { Variables: { unlockAccount: UnlockAccount } };

function identify(header: (name: string) => string | undefined): UnlockAccount | string {
  const pair = CREDENTIAL_HEADERS.find((p) => header(p.key) !== undefined);
  if (!pair)
    return `Missing credentials: send the ${CREDENTIAL_HEADERS.map((p) => `${p.key}/${p.secret}`).join(" or ")} headers`;
  const account = UNLOCK_ACCOUNTS.find((a) => a.svcKey === header(pair.key));
  if (!account || account.svcSecret !== header(pair.secret))
    return `Wrong access credentials: unknown ${pair.key} or ${pair.secret} does not match`;
  return account;
}

/** Authenticates (401 WRONG_ACCESS) and rate-limits (409 or 429 TOO_MANY_REQUESTS) a call. */
export function requireUnlockAccount(ctx: EmulatorContext): MiddlewareHandler<UnlockEnv> {
  return async (c, next) => {
    const account = identify((name) => c.req.header(name));
    if (typeof account === "string") return replyError(c, 401, account, "WRONG_ACCESS");

    const decision = ctx.rateLimiter.check(`unlock:${account.id}`, UNLOCK_RATE_LIMIT_PER_MINUTE, ctx.clock.now());
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) c.header(name, value);
    if (!decision.allowed) {
      c.header("Retry-After", String(decision.retryAfterSeconds));
      const info = `Request limit of ${decision.limit} requests per minute exceeded; retry after ${decision.retryAfterSeconds} s`;
      return replyError(c, ctx.config.unlockRateLimitStatus, info, "TOO_MANY_REQUESTS");
    }

    c.set("unlockAccount", account);
    await next();
  };
}
