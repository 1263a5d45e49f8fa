import { Hono } from "hono";
import type { EmulatorContext } from "../core/context";
import { registerCatalog } from "./catalog";
import { registerOrders } from "./orders";
import type { EmulatorApp, EmulatorEnv } from "../core/hono-env";

/** Commerce API v2 under /v2: catalogs (./catalog) and the order, balance and webhook core (./orders). */
export function registerCommerce(app: EmulatorApp, ctx: EmulatorContext): void {
  const v2 = new Hono<EmulatorEnv>();
  const catalog = registerCatalog(v2, ctx);
  const orderControls = registerOrders(v2, ctx, catalog);
  app.route("/v2", v2);
  // The order core's test controls (404 unless config.controls, like every /__control path).
  app.route("/__control/commerce", orderControls);
}
