import { Hono } from "hono";
import { z } from "zod";
import { commerceOk } from "../../core/envelope";
import { requireAuth, type CommerceEnv } from "../auth";
import { creditHistory } from "./credits";
import type { OrdersDeps } from "./deps";
import { orderError } from "./errors";
import { formatMinor, ORDER_CURRENCY } from "./money";
import { decodeCursor, pageOf, pageQuery } from "./pagination";

// Spec section 4 "Core: balance (PRO only)". One balance per account: production keys move
// it, sandbox keys read it too but never change it.

export function balanceRoutes(deps: OrdersDeps): Hono<CommerceEnv> {
  const { ctx, state } = deps;
  const app = new Hono<CommerceEnv>();
  const auth = requireAuth(ctx, { scope: "balance:read", proOnly: true });

  app.get("/balance", auth, (c) => {
    const { account, environment } = c.get("principal");
    return commerceOk(c, ctx, {
      balance: formatMinor(state.balanceOf(account)),
      currency: ORDER_CURRENCY,
      environment,
    });
  });

  // Newest first, with the same cursor pagination as GET /orders.
  app.get("/balance/history", auth, (c) => {
    const { account } = c.get("principal");
    const query = z.object(pageQuery).safeParse(c.req.query());
    if (!query.success) return orderError(c, ctx, { code: "INVALID_QUERY", message: z.prettifyError(query.error) });
    const before = query.data.cursor === undefined ? null : decodeCursor(query.data.cursor);
    if (query.data.cursor !== undefined && before === null)
      return orderError(c, ctx, { code: "INVALID_CURSOR", message: "cursor is not a cursor this API returned" });
    const rows = creditHistory(deps, account).reverse();
    const page = pageOf(rows, (row) => row.index, before, query.data.limit);
    const data = page.items.map((row) => ({
      id: `txn_${row.index + 1}`,
      type: row.kind,
      amount: formatMinor(row.kind === "debit" ? -row.amountMinor : row.amountMinor),
      currency: row.currency,
      order_id: row.reference.startsWith("control") ? null : row.reference,
      environment: row.simulated ? "sandbox" : "production",
      simulated: row.simulated,
      balance_after: formatMinor(row.balanceAfterMinor),
      description: row.note ?? null,
      created_at: row.at,
    }));
    return commerceOk(c, ctx, data, 200, page.meta);
  });

  return app;
}
