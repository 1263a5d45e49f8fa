import { Hono } from "hono";
import type { EmulatorContext } from "../core/context";
import { apiOf } from "../core/envelope";
import { UnlockCatalog } from "./catalog";
import { catalogEndpoints } from "./catalog/routes";
import { registerUnlockControls } from "./control";
import { requireUnlockAccount, type UnlockEnv } from "./http/credentials";
import type { Endpoint } from "./http/endpoint";
import { replyError } from "./http/reply";
import { imeiCheckEndpoints } from "./imeicheck/routes";
import { MEDIA_PATHS, registerMedia } from "./media/routes";
import { orderEndpoints } from "./orders/routes";
import { UnlockOrders } from "./orders/store";
import type { EmulatorApp } from "../core/hono-env";

/**
 * The unlocking API at the root (spec: unlocking-api.md). A call is routed first (unknown path
 * 404, wrong method 405), then authenticated (401 WRONG_ACCESS) and rate-limited (409/429),
 * then handled. Registered last in app.ts, so the 404 catch-all only sees unlock paths.
 */
export function registerUnlock(app: EmulatorApp, ctx: EmulatorContext): void {
  const catalog = new UnlockCatalog(ctx.config.seed);
  const orders = new UnlockOrders(ctx);
  registerUnlockControls(app, ctx, catalog, orders);

  const api = new Hono<UnlockEnv>();
  registerMedia(api, ctx, catalog);

  const endpoints: Endpoint[] = [
    ...catalogEndpoints(ctx, catalog),
    ...orderEndpoints(ctx, catalog, orders),
    ...imeiCheckEndpoints(ctx, catalog),
  ];
  const auth = requireUnlockAccount(ctx);
  for (const endpoint of endpoints) api.on(endpoint.method, endpoint.path, auth, endpoint.handler);

  // A known path with another method: 405 naming the allowed one.
  const allowed = new Map<string, string[]>(MEDIA_PATHS.map((p) => [p, ["GET"]]));
  for (const { method, path } of endpoints) allowed.set(path, [...(allowed.get(path) ?? []), method]);
  for (const [path, methods] of allowed) {
    api.all(path, (c) => {
      c.header("Allow", methods.join(", "));
      return replyError(c, 405, `Method ${c.req.method} is not allowed on this resource; use ${methods.join(" or ")}`);
    });
  }

  // Anything else at the root that no other module claimed.
  api.all("*", async (c, next) => {
    if (apiOf(c.req.path, ctx) !== "unlock") return next();
    return replyError(c, 404, `Unknown resource ${c.req.method} ${c.req.path}`);
  });

  app.route("/", api);
}
