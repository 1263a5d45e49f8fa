import { Hono } from "hono";
import { z } from "zod";
import { COMMERCE_ACCOUNTS } from "../../core/accounts";
import { accountById } from "../auth";
import { cancelCheckout, checkoutView, payCheckout } from "./checkout";
import { setBalance } from "./credits";
import type { OrdersDeps } from "./deps";
import { ORDER_ERRORS } from "./errors";
import { settleOrder } from "./fulfillment";
import { formatMinor } from "./money";
import { orderView } from "./order-view";
import type { EmulatorApp, EmulatorEnv } from "../../core/hono-env";

// Test controls of the order core, mounted at /__control/commerce (404 unless config.controls).
// Plain JSON like the core controls, not the API envelope.

const settleSchema = z.object({ outcome: z.enum(["fulfill", "fail", "manual_revision"]) });
const balanceSchema = z.object({ balanceMinor: z.number().int().min(0) });

export function controlRoutes(deps: OrdersDeps): EmulatorApp {
  const { state } = deps;
  const app = new Hono<EmulatorEnv>();

  // Every webhook delivery attempt, oldest first: what was sent (raw body and headers) and what came back.
  app.get("/deliveries", (c) => {
    const { webhook_id, event_type, event_id } = c.req.query();
    const deliveries = state.deliveries.filter(
      (d) =>
        (!webhook_id || d.webhook_id === webhook_id) &&
        (!event_type || d.event_type === event_type) &&
        (!event_id || d.event_id === event_id),
    );
    return c.json({ deliveries });
  });
  app.delete("/deliveries", (c) => {
    state.deliveries = [];
    return c.json({ ok: true });
  });

  app.get("/checkout/:hash", (c) => {
    const checkout = state.checkouts.get(c.req.param("hash"));
    return checkout
      ? c.json({ checkout: checkoutView(deps, checkout) })
      : c.json({ error: "no checkout with this hash" }, 404);
  });
  // The buyer pays (or cancels) the hosted checkout without a browser.
  app.post("/checkout/:hash/pay", (c) => {
    const paid = payCheckout(deps, c.req.param("hash"));
    if (!paid.ok)
      return c.json({ error: paid.failure.message, code: paid.failure.code }, ORDER_ERRORS[paid.failure.code]);
    return c.json({
      checkout_hash: c.req.param("hash"),
      order_id: paid.order.orderId,
      order: orderView(deps, paid.order, "list"),
    });
  });
  app.post("/checkout/:hash/cancel", (c) => {
    const cancelled = cancelCheckout(deps, c.req.param("hash"));
    if (!cancelled.ok)
      return c.json(
        { error: cancelled.failure.message, code: cancelled.failure.code },
        ORDER_ERRORS[cancelled.failure.code],
      );
    return c.json({ checkout: checkoutView(deps, cancelled.checkout) });
  });

  // Ends a processing or MANUAL_REVISION order now, with the given outcome (sends its event).
  app.post("/orders/:id/settle", async (c) => {
    const order = state.orders.get(c.req.param("id"));
    if (!order) return c.json({ error: "no order with this id" }, 404);
    const body = settleSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ error: 'body must be {"outcome": "fulfill" | "fail" | "manual_revision"}' }, 400);
    if (order.status !== "processing" && order.status !== "MANUAL_REVISION") {
      return c.json(
        {
          error: `order is ${order.status}; only processing or MANUAL_REVISION orders can be settled`,
          code: "ORDER_NOT_SETTLEABLE",
        },
        409,
      );
    }
    settleOrder(deps, order, body.data.outcome);
    return c.json({ order: orderView(deps, order, "list") });
  });

  app.get("/balances", (c) =>
    c.json({
      balances: COMMERCE_ACCOUNTS.filter((a) => a.kind === "pro").map((a) => ({
        account_id: a.id,
        balance: formatMinor(state.balanceOf(a)),
        balance_minor: state.balanceOf(a),
      })),
    }),
  );
  app.put("/balances/:accountId", async (c) => {
    const account = accountById(c.req.param("accountId"));
    if (!account || account.kind !== "pro") return c.json({ error: "no PRO account with this id" }, 404);
    const body = balanceSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ error: 'body must be {"balanceMinor": <non-negative integer, EUR cents>}' }, 400);
    setBalance(deps, account, body.data.balanceMinor);
    return c.json({
      account_id: account.id,
      balance: formatMinor(state.balanceOf(account)),
      balance_minor: state.balanceOf(account),
    });
  });

  return app;
}
