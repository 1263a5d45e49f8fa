import type { MiddlewareHandler } from "hono";
import type { EmulatorContext } from "../core/context";
import { commerceError } from "../core/envelope";

/** Spec section 1: when travel eSIM is off on the host, eSIM endpoints answer 404 ESIM_DISABLED. */
export function esimGuard(ctx: EmulatorContext): MiddlewareHandler {
  return async (c, next) => {
    if (!ctx.config.esimEnabled)
      return commerceError(c, ctx, 404, "ESIM_DISABLED", "Travel eSIM is not offered on this host");
    await next();
  };
}
