import { z } from "zod";
import { COMMERCE_ACCOUNTS } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import { clientMetadata } from "./registration";
import { parseScope, splitByAccount, unknownScopes } from "./scopes";
import { randomId, type OAuthStore, type RegisteredClient } from "./store";
import type { TokenService } from "./token";
import type { EmulatorApp } from "../core/hono-env";

// Test controls under /__control/oauth (404 unless config.controls, enforced in app.ts). They
// stand in for what the upstream does in its account settings: delete a client, change the
// password (revoke everything of an account), plus a shortcut to tokens without the HTML pages.

/** Client used by POST /__control/oauth/tokens when the caller names none. */
export const CONTROL_CLIENT_ID = "client_emulator_control";

const revokeBody = z
  .object({
    refresh_token: z.string().min(1).optional(),
    client_id: z.string().min(1).optional(),
    account_id: z.string().min(1).optional(),
  })
  .refine(
    (b) => Object.values(b).filter(Boolean).length === 1,
    "give exactly one of refresh_token, client_id, account_id",
  );

const tokenBody = z.object({
  email: z.string(),
  scope: z.string().optional(),
  environment: z.enum(["production", "sandbox"]).default("production"),
  client_id: z.string().optional(),
});

function controlClient(store: OAuthStore, now: number): RegisteredClient {
  let client = store.clients.get(CONTROL_CLIENT_ID);
  if (!client) {
    client = {
      clientId: CONTROL_CLIENT_ID,
      clientName: "Emulator test control",
      redirectUris: [],
      grantTypes: ["authorization_code", "refresh_token"],
      responseTypes: ["code"],
      scope: ["openid", "profile", "orders:read", "orders:write", "balance:read", "webhooks:read", "webhooks:write"],
      issuedAt: now,
    };
    store.clients.set(client.clientId, client);
  }
  return client;
}

export function registerOAuthControls(
  app: EmulatorApp,
  ctx: EmulatorContext,
  store: OAuthStore,
  tokens: TokenService,
): void {
  app.get("/__control/oauth/clients", (c) => c.json({ clients: [...store.clients.values()].map(clientMetadata) }));

  app.delete("/__control/oauth/clients/:id", (c) => {
    const id = c.req.param("id");
    if (!store.clients.delete(id)) return c.json({ error: `no client ${id}` }, 404);
    return c.json({ deleted: id, revoked: store.revokeWhere((t) => t.clientId === id) });
  });

  app.post("/__control/oauth/revoke", async (c) => {
    const body = revokeBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400);
    const { refresh_token, client_id, account_id } = body.data;
    if (refresh_token) {
      const record = store.refreshTokens.get(refresh_token);
      if (!record) return c.json({ error: "unknown refresh_token" }, 404);
      const wasActive = record.state === "active";
      record.state = "revoked";
      return c.json({ revoked: { refreshTokens: wasActive ? 1 : 0, accessTokens: 0 } });
    }
    if (client_id) return c.json({ revoked: store.revokeWhere((t) => t.clientId === client_id) });
    return c.json({ revoked: store.revokeWhere((t) => t.accountId === account_id) });
  });

  app.post("/__control/oauth/tokens", async (c) => {
    const body = tokenBody.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: z.prettifyError(body.error) }, 400);
    const account = COMMERCE_ACCOUNTS.find((a) => a.email.toLowerCase() === body.data.email.toLowerCase());
    if (!account) return c.json({ error: `no account with email ${body.data.email}` }, 404);
    const client = body.data.client_id ? store.clients.get(body.data.client_id) : controlClient(store, ctx.clock.now());
    if (!client) return c.json({ error: `no client ${body.data.client_id}` }, 404);
    const requested =
      body.data.scope === undefined ? ["orders:read", "orders:write", "balance:read"] : parseScope(body.data.scope);
    const unknown = unknownScopes(requested);
    if (unknown.length > 0) return c.json({ error: `unknown scope(s) ${unknown.join(", ")}` }, 400);
    const { granted } = splitByAccount(account, requested);
    const issued = await tokens.issue(
      {
        client,
        accountId: account.id,
        scopes: granted,
        environment: body.data.environment,
        familyId: randomId("grant_", 12),
      },
      { authTime: ctx.clock.now() },
    );
    return c.json(issued, 201);
  });
}
