import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { EmulatorContext } from "./context";
import { apiOf, commerceError, unlockReply } from "./envelope";
import type { EmulatorEnv } from "./hono-env";

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()));
  });

/** Counts every API call and applies an injected fault when one matches (test controls). */
export function countersAndFaults(ctx: EmulatorContext): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const api = apiOf(path, ctx);
    if (api === "control") return next();
    ctx.counters.hit(c.req.method, path);

    const rule = ctx.faults.take(c.req.method, path);
    if (!rule) return next();

    switch (rule.kind) {
      case "latency":
        await sleep(rule.latencyMs ?? 1_000, c.req.raw.signal);
        return next();
      case "slow_answer":
        await next();
        await sleep(rule.latencyMs ?? 1_000, c.req.raw.signal);
        return;
      case "timeout":
        // Hold the request open until the client gives up (or 10 minutes pass).
        await sleep(600_000, c.req.raw.signal);
        return c.body(null, 504);
      case "reset":
        c.env.incoming.socket.destroy();
        return c.body(null, 500);
      case "malformed":
        return c.body('{"success": true, "data": {"truncat', 200, { "Content-Type": "application/json" });
      case "status": {
        const status = (rule.status ?? 500) as ContentfulStatusCode;
        const slowDown = status === 429 || status === 409;
        if (slowDown) {
          const retry = rule.retryAfterSeconds ?? 1;
          c.header("Retry-After", String(retry));
          c.header("X-RateLimit-Reset", String(Math.ceil(ctx.clock.now() / 1000) + retry));
          c.header("X-RateLimit-Remaining", "0");
        }
        if (rule.body === "html") return c.html(`<html><body><h1>${status} Bad Gateway</h1></body></html>`, status);
        if (api === "unlock") {
          return unlockReply(
            c,
            status,
            slowDown ? "TOO_MANY_REQUESTS" : "API_ERROR",
            slowDown ? "Too many requests" : "Injected fault",
            null,
          );
        }
        if (api === "oauth") return c.json({ error: "server_error", error_description: "Injected fault" }, status);
        return commerceError(
          c,
          ctx,
          status,
          slowDown ? "rate_limited" : "INTERNAL_ERROR",
          slowDown ? "Too many requests" : "Injected fault",
        );
      }
    }
  };
}
