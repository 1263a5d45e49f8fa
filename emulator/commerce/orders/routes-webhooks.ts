import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { commerceOk } from "../../core/envelope";
import { requireAuth, type CommerceEnv } from "../auth";
import type { OrdersDeps } from "./deps";
import { orderError, type Failure } from "./errors";
import type { WebhookSubscription } from "./records";
import { checkEvents, checkWebhookUrl, webhookView, WEBHOOKS_PER_ACCOUNT } from "./webhook-rules";
import { secretField } from "./webhook-dialect";
import { newWebhookSecret } from "./webhook-signing";

// Spec section 4 "Core: webhooks (PRO only)". Subscriptions belong to the account (both of
// its environments); events carry `environment` so a receiver can tell them apart.

const createSchema = z.object({ url: z.string().min(1).max(2_048), events: z.array(z.string()).min(1) });
const patchSchema = z
  .object({
    url: z.string().min(1).max(2_048).optional(),
    events: z.array(z.string()).min(1).optional(),
    status: z.enum(["active", "disabled"]).optional(),
  })
  .refine(
    (body) => body.url !== undefined || body.events !== undefined || body.status !== undefined,
    "Send at least one of url, events, status",
  );

function validationFailure(error: z.ZodError): Failure {
  return { code: "VALIDATION_ERROR", message: z.prettifyError(error) };
}

export function webhookRoutes(deps: OrdersDeps): Hono<CommerceEnv> {
  const { ctx, state } = deps;
  const app = new Hono<CommerceEnv>();
  const read = requireAuth(ctx, { scope: "webhooks:read", proOnly: true });
  const write = requireAuth(ctx, { scope: "webhooks:write", proOnly: true });
  const readBody = (c: Context<CommerceEnv>) => c.req.json<unknown>().catch(() => undefined);

  /** The caller's own subscription, or undefined (another account's is "not found" too). */
  const own = (c: Context<CommerceEnv>): WebhookSubscription | undefined => {
    const hook = state.webhooks.get(c.req.param("id") ?? "");
    return hook && hook.accountId === c.get("principal").account.id ? hook : undefined;
  };
  const notFound: Failure = { code: "WEBHOOK_NOT_FOUND", message: "No webhook with this id on your account" };

  app.post("/webhooks", write, async (c) => {
    const { account } = c.get("principal");
    const body = createSchema.safeParse(await readBody(c));
    if (!body.success) return orderError(c, ctx, validationFailure(body.error));
    const urlProblem = checkWebhookUrl(body.data.url, ctx.config);
    if (urlProblem) return orderError(c, ctx, urlProblem);
    const events = checkEvents(body.data.events);
    if (!events.ok) return orderError(c, ctx, events.failure);
    const count = [...state.webhooks.values()].filter((hook) => hook.accountId === account.id).length;
    if (count >= WEBHOOKS_PER_ACCOUNT) {
      return orderError(c, ctx, {
        code: "WEBHOOK_LIMIT_REACHED",
        message: `An account has at most ${WEBHOOKS_PER_ACCOUNT} webhooks; delete one first`,
      });
    }
    const now = ctx.clock.now();
    const hook: WebhookSubscription = {
      id: `wh_${randomBytes(12).toString("hex")}`,
      accountId: account.id,
      url: body.data.url,
      events: events.events,
      status: "active",
      secret: newWebhookSecret(),
      createdAt: now,
      updatedAt: now,
    };
    state.webhooks.set(hook.id, hook);
    return commerceOk(c, ctx, { ...webhookView(hook, ctx.config), [secretField(ctx.config)]: hook.secret }, 201);
  });

  app.get("/webhooks", read, (c) => {
    const { account } = c.get("principal");
    const hooks = [...state.webhooks.values()].filter((hook) => hook.accountId === account.id);
    return commerceOk(
      c,
      ctx,
      hooks.map((hook) => webhookView(hook, ctx.config)),
      200,
      { has_more: false, cursor: null },
    );
  });

  app.get("/webhooks/:id", read, (c) => {
    const hook = own(c);
    return hook ? commerceOk(c, ctx, webhookView(hook, ctx.config)) : orderError(c, ctx, notFound);
  });

  app.patch("/webhooks/:id", write, async (c) => {
    const hook = own(c);
    if (!hook) return orderError(c, ctx, notFound);
    const body = patchSchema.safeParse(await readBody(c));
    if (!body.success) return orderError(c, ctx, validationFailure(body.error));
    const { url, events, status } = body.data;
    const urlProblem = url === undefined ? null : checkWebhookUrl(url, ctx.config);
    if (urlProblem) return orderError(c, ctx, urlProblem);
    const checked = events === undefined ? null : checkEvents(events);
    if (checked && !checked.ok) return orderError(c, ctx, checked.failure);
    if (url !== undefined) hook.url = url;
    if (checked) hook.events = checked.events;
    if (status !== undefined) hook.status = status;
    hook.updatedAt = ctx.clock.now();
    return commerceOk(c, ctx, webhookView(hook, ctx.config));
  });

  app.delete("/webhooks/:id", write, (c) => {
    const hook = own(c);
    if (!hook) return orderError(c, ctx, notFound);
    state.webhooks.delete(hook.id);
    return commerceOk(c, ctx, { id: hook.id, deleted: true });
  });

  return app;
}
