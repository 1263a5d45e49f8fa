import type { EmulatorContext } from "../../core/context";
import type { CommerceCatalog } from "../priced-product";
import type { OrdersDeps } from "./deps";
import { registerFulfillmentTask } from "./fulfillment";
import { balanceRoutes } from "./routes-balance";
import { checkoutRoutes } from "./routes-checkout";
import { controlRoutes } from "./routes-control";
import { esimRoutes } from "./routes-esim";
import { orderRoutes } from "./routes-orders";
import { webhookRoutes } from "./routes-webhooks";
import { OrdersState } from "./state";
import { registerWebhookTask } from "./webhook-delivery";
import type { EmulatorApp } from "../../core/hono-env";

// The Commerce API v2 order core (spec sections 1–8): orders, balance, webhooks, the
// fulfillment simulation, the hosted checkout, eSIM lines and QR codes. See README.md.

const catalogInjectors = new WeakMap<EmulatorContext, (make: (real: CommerceCatalog) => CommerceCatalog) => void>();

/**
 * Registers the routes on the v2 app (mounted at /v2) and returns the module's test controls,
 * which the caller mounts at /__control/commerce.
 */
export function registerOrders(v2: EmulatorApp, ctx: EmulatorContext, catalog: CommerceCatalog): EmulatorApp {
  const state = new OrdersState(ctx.keys);
  ctx.parts.register(state.part());
  ctx.onReset(() => state.reset());
  let current = catalog;
  catalogInjectors.set(ctx, (make) => {
    current = make(catalog);
  });
  const deps: OrdersDeps = { ctx, state, catalog: () => current };
  registerFulfillmentTask(deps);
  registerWebhookTask(deps);

  v2.route("/", orderRoutes(deps));
  v2.route("/", balanceRoutes(deps));
  v2.route("/", webhookRoutes(deps));
  v2.route("/", esimRoutes(deps));
  v2.route("/", checkoutRoutes(deps));
  return controlRoutes(deps);
}

/**
 * Tests only: resolve price tokens with another catalog (given the real one, so a fake can
 * fall back to it). Lasts until the next call; a reset keeps it.
 */
export function injectCatalogForTests(ctx: EmulatorContext, make: (real: CommerceCatalog) => CommerceCatalog): void {
  const inject = catalogInjectors.get(ctx);
  if (!inject) throw new Error("registerOrders has not run for this emulator context");
  inject(make);
}
