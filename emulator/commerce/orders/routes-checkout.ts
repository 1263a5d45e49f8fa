import { Hono } from "hono";
import { cancelCheckout, CHECKOUT_PATH, checkoutStatus, payCheckout } from "./checkout";
import { checkoutPage, notFoundPage, redemptionPage } from "./checkout-page";
import type { OrdersDeps } from "./deps";
import { ORDER_ERRORS } from "./errors";
import type { EmulatorApp, EmulatorEnv } from "../../core/hono-env";

// The emulated hosted checkout behind `payment_link` (GET page, POST pay / cancel, no auth:
// the 160-bit hash is the credential) and the gift card redemption page behind `redemption_url`.

export function checkoutRoutes(deps: OrdersDeps): EmulatorApp {
  const { ctx, state } = deps;
  const app = new Hono<EmulatorEnv>();
  const base = (hash: string) => `/v2${CHECKOUT_PATH}/${hash}`;

  app.get(`${CHECKOUT_PATH}/:hash`, (c) => {
    const checkout = state.checkouts.get(c.req.param("hash"));
    if (!checkout) return c.html(notFoundPage(), 404);
    return c.html(checkoutPage(checkout, checkoutStatus(checkout, ctx.clock.now()), base(checkout.hash)));
  });

  // A browser form post: on success back to the page (303), which now shows the order id.
  for (const action of ["pay", "cancel"] as const) {
    app.post(`${CHECKOUT_PATH}/:hash/${action}`, (c) => {
      const hash = c.req.param("hash");
      const result = action === "pay" ? payCheckout(deps, hash) : cancelCheckout(deps, hash);
      if (result.ok) return c.redirect(base(hash), 303);
      const checkout = state.checkouts.get(hash);
      if (!checkout) return c.html(notFoundPage(), 404);
      return c.html(
        checkoutPage(checkout, checkoutStatus(checkout, ctx.clock.now()), base(hash), result.failure.message),
        ORDER_ERRORS[result.failure.code],
      );
    });
  }

  app.get("/redeem/:code", (c) => {
    const code = c.req.param("code");
    const found = [...state.orders.values()].some((order) => order.giftcard?.redemptionCode === code);
    return c.html(redemptionPage(code, found), found ? 200 : 404);
  });

  return app;
}
