import { Hono, type Context } from "hono";
import { z } from "zod";
import { commerceOk } from "../../core/envelope";
import { requireAuth, type CommerceEnv, type Principal } from "../auth";
import { esimGuard } from "../esim-guard";
import type { CommerceType } from "../priced-product";
import { checkoutResult, createCheckout, paymentLink } from "./checkout";
import type { OrdersDeps } from "./deps";
import {
  documented,
  documentedCheckoutAnswer,
  documentedCreditsAnswer,
  documentedPreviewAnswer,
  honoursIdempotencyKey,
  listsOnlyCompletedOrders,
  PREVIEW_VALID_MS,
  previewRequiredBeforeCreate,
} from "./dialect";
import { orderError, type Failure } from "./errors";
import { fingerprintOf, IDEMPOTENCY_HEADER, IdempotencyStore, readIdempotencyKey } from "./idempotency";
import { formatMinor } from "./money";
import { createdOrderResult, orderView, pricingView, productView } from "./order-view";
import { decodeCursor, pageOf, pageQuery } from "./pagination";
import { placeCreditsOrder } from "./place-order";
import type { CheckoutMode, OrderRequest } from "./records";
import { parseOrderBody, validateOrder } from "./request-body";

// Spec section 4 "Core: orders": preview, create (+ the /esim aliases), list, detail. What the
// two dialects answer differently is in dialect.ts (README "Dialects").

const readJson = (c: Context<CommerceEnv>) => c.req.json<unknown>().catch(() => undefined);

/** Consumers always pay through a payment link; PRO callers use credits unless they ask otherwise. */
function checkoutModeFor(
  principal: Principal,
  requested: CheckoutMode | null,
): { ok: true; mode: CheckoutMode } | { ok: false; failure: Failure } {
  if (principal.account.kind !== "pro") {
    if (requested === "credits") {
      return {
        ok: false,
        failure: {
          code: "CHECKOUT_MODE_NOT_ALLOWED",
          message: "Consumer accounts have no credits; they pay through a payment link",
        },
      };
    }
    return { ok: true, mode: "payment_link" };
  }
  return { ok: true, mode: requested ?? "credits" };
}

/** Spec section 2 "Preview result": account-specific breakdown; no order, no debit. */
function previewResult(deps: OrdersDeps, principal: Principal, request: OrderRequest, mode: CheckoutMode) {
  const { product, pricing } = request;
  if (documented(deps.ctx)) return documentedPreviewAnswer(pricing, mode === "credits");
  const total = pricing.totalMinor;
  const credits = mode === "credits";
  const balance = principal.account.kind === "pro" ? deps.state.balanceOf(principal.account) : null;
  const sandbox = principal.environment === "sandbox";
  const sufficient = credits && balance !== null ? sandbox || balance >= total : null;
  return {
    type: product.type,
    checkout_mode: mode,
    environment: principal.environment,
    price_token: product.token,
    product: productView(product),
    phone: product.type === "topup" ? request.phone : undefined,
    catalog_id: product.type === "esim" ? (product.catalogId ?? null) : undefined,
    lang: request.lang,
    sms_notification: product.type === "topup" ? request.smsNotification : undefined,
    ...pricingView(pricing),
    credit_applied: formatMinor(credits ? total : 0),
    amount_due: formatMinor(credits ? 0 : total),
    balance: balance === null ? null : formatMinor(balance),
    balance_after: sufficient && balance !== null ? formatMinor(sandbox ? balance : balance - total) : null,
    sufficient_credits: sufficient,
  };
}

/** Previews are remembered per account, environment and body (dialect.ts previewRequiredBeforeCreate). */
const previewScope = (principal: Principal, fingerprint: string) =>
  `${principal.account.id}|${principal.environment}|${fingerprint}`;

const listQuerySchema = z.object({
  type: z.enum(["topup", "esim", "giftcard"]).optional(),
  checkout_hash: z.string().min(1).optional(),
  delivery_status: z.string().min(1).optional(),
  ...pageQuery,
});

export function orderRoutes(deps: OrdersDeps): Hono<CommerceEnv> {
  const { ctx, state } = deps;
  const app = new Hono<CommerceEnv>();
  const idempotency = new IdempotencyStore(state);
  const validate = (body: Parameters<typeof validateOrder>[0], only?: CommerceType) =>
    validateOrder(body, { catalog: deps.catalog(), now: ctx.clock.now(), only, esimEnabled: ctx.config.esimEnabled });

  const preview = (only?: CommerceType) => async (c: Context<CommerceEnv>) => {
    const principal = c.get("principal");
    const parsed = parseOrderBody(await readJson(c));
    if (!parsed.ok) return orderError(c, ctx, parsed.failure);
    const validated = validate(parsed.body, only);
    if (!validated.ok) return orderError(c, ctx, validated.failure);
    const mode = checkoutModeFor(principal, validated.checkoutMode);
    if (!mode.ok) return orderError(c, ctx, mode.failure);
    state.previews.set(previewScope(principal, fingerprintOf(parsed.body)), ctx.clock.now());
    return commerceOk(c, ctx, previewResult(deps, principal, validated.request, mode.mode));
  };

  const create = (only?: CommerceType) => async (c: Context<CommerceEnv>) => {
    const principal = c.get("principal");
    const { account, environment } = principal;
    // The documented dialect knows no idempotency key: the header is ignored, a repeat is a new order.
    const key = honoursIdempotencyKey(ctx)
      ? readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER))
      : ({ ok: true, key: null } as const);
    if (!key.ok) return orderError(c, ctx, key.failure);
    const parsed = parseOrderBody(await readJson(c));
    if (!parsed.ok) return orderError(c, ctx, parsed.failure);

    // A replay is answered before the token is looked at again: it may have expired since.
    const fingerprint = fingerprintOf(parsed.body);
    if (key.key) {
      const prior = idempotency.find(account.id, environment, key.key, ctx.clock.now());
      if (prior && prior.fingerprint !== fingerprint) {
        return orderError(c, ctx, {
          code: "IDEMPOTENCY_KEY_REUSED",
          message: `This ${IDEMPOTENCY_HEADER} was used with a different request body`,
        });
      }
      if (prior) {
        c.header("Idempotent-Replayed", "true");
        return commerceOk(c, ctx, prior.data, prior.status);
      }
    }

    const validated = validate(parsed.body, only);
    if (!validated.ok) return orderError(c, ctx, validated.failure);
    const mode = checkoutModeFor(principal, validated.checkoutMode);
    if (!mode.ok) return orderError(c, ctx, mode.failure);
    if (previewRequiredBeforeCreate(ctx) && account.kind === "pro") {
      const previewedAt = state.previews.get(previewScope(principal, fingerprint));
      if (previewedAt === undefined || ctx.clock.now() - previewedAt > PREVIEW_VALID_MS) {
        return orderError(c, ctx, {
          code: "PREVIEW_REQUIRED",
          message: "PRO accounts must preview this order (the same body) before creating it",
        });
      }
    }

    let data: unknown;
    if (mode.mode === "credits") {
      const placed = placeCreditsOrder(deps, account, environment, validated.request);
      if (!placed.ok) return orderError(c, ctx, placed.failure);
      data = documented(ctx) ? documentedCreditsAnswer(placed.order) : createdOrderResult(placed.order);
    } else {
      const checkout = createCheckout(deps, account, environment, validated.request);
      data = documented(ctx)
        ? documentedCheckoutAnswer(paymentLink(ctx.config.publicUrl, checkout.hash))
        : checkoutResult(deps, checkout);
    }
    if (key.key)
      idempotency.remember(account.id, environment, key.key, {
        fingerprint,
        createdAt: ctx.clock.now(),
        status: 201,
        data,
      });
    return commerceOk(c, ctx, data, 201);
  };

  app.post("/orders/preview", requireAuth(ctx, { scope: "orders:read" }), preview());
  app.post("/orders", requireAuth(ctx, { scope: "orders:write" }), create());
  app.post("/esim/orders/preview", esimGuard(ctx), requireAuth(ctx, { scope: "orders:read" }), preview("esim"));
  app.post("/esim/orders", esimGuard(ctx), requireAuth(ctx, { scope: "orders:write" }), create("esim"));

  // Orders that exist (with an order_id) of the caller's account and environment, newest first;
  // the documented dialect lists completed ones only (dialect.ts listsOnlyCompletedOrders).
  app.get("/orders", requireAuth(ctx, { scope: "orders:read" }), (c) => {
    const { account, environment } = c.get("principal");
    const query = listQuerySchema.safeParse(c.req.query());
    if (!query.success) return orderError(c, ctx, { code: "INVALID_QUERY", message: z.prettifyError(query.error) });
    const { type, checkout_hash, delivery_status, limit, cursor } = query.data;
    const before = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && before === null)
      return orderError(c, ctx, { code: "INVALID_CURSOR", message: "cursor is not a cursor this API returned" });
    const rows = [...state.orders.values()]
      .filter((o) => o.accountId === account.id && o.environment === environment)
      .filter((o) => (type ? o.type === type : true))
      .filter((o) => (checkout_hash ? o.checkoutHash === checkout_hash : true))
      .filter((o) => (delivery_status ? o.deliveryStatus === delivery_status : true))
      .filter((o) => (listsOnlyCompletedOrders(ctx) ? o.status === "fulfilled" : true))
      .sort((a, b) => b.seq - a.seq);
    const page = pageOf(rows, (o) => o.seq, before, limit);
    return commerceOk(
      c,
      ctx,
      page.items.map((o) => orderView(deps, o, "list")),
      200,
      page.meta,
    );
  });

  app.get("/orders/:id", requireAuth(ctx, { scope: "orders:read" }), (c) => {
    const { account, environment } = c.get("principal");
    const order = state.orders.get(c.req.param("id"));
    if (!order || order.accountId !== account.id || order.environment !== environment) {
      return orderError(c, ctx, { code: "ORDER_NOT_FOUND", message: "No order with this id on your account" });
    }
    return commerceOk(c, ctx, orderView(deps, order, "detail"));
  });

  return app;
}
