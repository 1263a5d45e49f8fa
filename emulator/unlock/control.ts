import type { Context } from "hono";
import { z } from "zod";
import { UNLOCK_ACCOUNTS } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import type { UnlockCatalog } from "./catalog";
import { WELL_KNOWN_PAIR } from "./catalog/tools";
import { balanceMinor, formatCredits, setBalance } from "./credits";
import { HASH_SEPARATOR, imeiCheckHashArguments, unlockHash } from "./imeicheck/hash";
import { apiDateTime, type UnlockOrders } from "./orders/store";
import type { EmulatorApp } from "../core/hono-env";

// Test controls under /__control/unlock (guarded by config.controls in app.ts; README lists them).

const accountOf = (id: string) => UNLOCK_ACCOUNTS.find((a) => a.id === id);

export function registerUnlockControls(
  app: EmulatorApp,
  ctx: EmulatorContext,
  catalog: UnlockCatalog,
  orders: UnlockOrders,
): void {
  const balanceView = (id: string) => {
    const account = accountOf(id)!;
    const minor = balanceMinor(ctx, account);
    return {
      account: account.id,
      environment: account.environment,
      creditsMinor: minor,
      credits: formatCredits(minor),
    };
  };
  const unknown = (c: Context) =>
    c.json({ error: `unknown unlock account; one of ${UNLOCK_ACCOUNTS.map((a) => a.id).join(", ")}` }, 404);

  app.get("/__control/unlock/accounts", (c) =>
    c.json({
      accounts: UNLOCK_ACCOUNTS.map((a) => ({ ...balanceView(a.id), svcKey: a.svcKey, svcSecret: a.svcSecret })),
    }),
  );

  app.get("/__control/unlock/accounts/:id/balance", (c) =>
    accountOf(c.req.param("id")) ? c.json(balanceView(c.req.param("id"))) : unknown(c),
  );

  app.put("/__control/unlock/accounts/:id/balance", async (c) => {
    const account = accountOf(c.req.param("id"));
    if (!account) return unknown(c);
    const body = z.object({ creditsMinor: z.number().int().min(0) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: 'body must be {"creditsMinor": <non-negative integer>}' }, 400);
    setBalance(ctx, account, body.data.creditsMinor);
    return c.json(balanceView(account.id));
  });

  app.get("/__control/unlock/orders", (c) =>
    c.json({
      orders: orders.all().map((o) => ({
        id: o.id,
        account: o.account.id,
        status: o.status,
        imei: o.imei,
        deviceId: o.deviceId,
        networkId: o.networkId,
        toolId: o.tool.id_tool,
        priceMinor: o.priceMinor,
        createdAt: apiDateTime(o.createdAt),
        pendingAt: apiDateTime(o.pendingAt),
        readyAt: apiDateTime(o.readyAt),
        plannedOutcome: o.outcome,
      })),
    }),
  );

  // The supplier finishes an order early (its planned outcome, now), as its staff sometimes do
  // whatever the tool's guaranteed time: what the shop's early status checks are for.
  app.post("/__control/unlock/orders/:id/ready", (c) => {
    const order = orders.all().find((o) => o.id === Number(c.req.param("id")));
    if (!order) return c.json({ error: "unknown unlock ticket" }, 404);
    orders.forceReady(order);
    return c.json({ id: order.id, status: order.status });
  });

  app.post("/__control/unlock/hash", async (c) => {
    const body = z
      .object({ imei: z.string(), account: z.string().default("unlock_production") })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json({ error: 'body must be {"imei": "<15 digits>", "account"?: "<unlock account id>"}' }, 400);
    const account = accountOf(body.data.account);
    if (!account) return unknown(c);
    const args = imeiCheckHashArguments(account.svcKey, body.data.imei);
    return c.json({
      hash: unlockHash(account.svcSecret, args),
      message: args.join(HASH_SEPARATOR),
      algorithm: "HMAC-SHA256, key = SVC secret, hex",
    });
  });

  app.get("/__control/unlock/well-known", (c) =>
    c.json({
      ...WELL_KNOWN_PAIR,
      toolIds: catalog.tools(WELL_KNOWN_PAIR.deviceId, WELL_KNOWN_PAIR.networkId)?.map((t) => t.id_tool) ?? [],
    }),
  );
}
