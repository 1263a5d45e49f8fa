import { logger } from "@/lib/log";
import { UpstreamError } from "../../errors";
import type { Call, CallOptions } from "../request";
import {
  checkoutHashOf,
  createdOrderSchema,
  isKnownOrderStatus,
  orderRowSchema,
  orderSchema,
  previewSchema,
  type CreatedOrder,
  type ListOrdersQuery,
  type OrderRequestBody,
} from "../schemas";
import { listOf, seg, toPage } from "./shared";

// Core orders (spec section 4 "Core: orders") and their eSIM aliases. Preview is always its
// own call (PRO accounts must preview before create). Create is sent once: see README.md. The
// documents define no idempotency key: the header is sent (harmless if ignored), but a re-send
// relies on it only where the connection has seen it honoured (lib/orders/placement-lookup.ts).

/** upstream-notes: 1–128 printable ASCII characters (0x20–0x7E). */
const IDEMPOTENCY_KEY = /^[\x20-\x7E]{1,128}$/;
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** upstream-notes: the answer to a replayed key carries this header with `true`. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

export type CreateOrderOptions = CallOptions & {
  /**
   * Derived from the local order, the same on every attempt for it. upstream-notes: the same
   * key on the same account within 24 h answers the original order with no second charge; the
   * documents define no such key, so nothing may depend on it until the service has shown it.
   */
  idempotencyKey: string;
};

export type CreateOrderResult = CreatedOrder & {
  /** The upstream answered from its idempotency store (an earlier attempt had placed it): proof that it honours the key. */
  replayed: boolean;
  requestId?: string;
};

/**
 * upstream-notes: an unknown status is kept (the order core treats it as processing) and
 * logged, so staff learn the live service has a status the shop does not know yet.
 */
function noteUnknownStatuses<T extends { status?: string | null; order_id?: string | null }>(
  route: string,
  orders: T[],
): T[] {
  for (const order of orders) {
    if (order.status && !isKnownOrderStatus(order.status))
      logger.warn(
        { upstream: "commerce", route, status: order.status, orderId: order.order_id },
        "unknown order status",
      );
  }
  return orders;
}

export function assertIdempotencyKey(key: unknown): asserts key is string {
  if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) {
    throw new UpstreamError({
      api: "commerce",
      kind: "config",
      code: "INVALID_IDEMPOTENCY_KEY",
      message: `${IDEMPOTENCY_HEADER} must be 1–128 printable ASCII characters (got ${typeof key === "string" ? `${key.length} characters` : typeof key})`,
    });
  }
}

export function orderEndpoints(call: Call) {
  const preview = (path: string) => async (body: OrderRequestBody, options?: CallOptions) =>
    (
      await call(
        {
          method: "POST",
          path,
          route: `POST ${path}`,
          json: body,
          priority: "order",
          retry: "idempotent",
          authenticated: true,
          schema: previewSchema,
        },
        options,
      )
    ).data;

  const create =
    (path: string) =>
    async (body: OrderRequestBody, options: CreateOrderOptions): Promise<CreateOrderResult> => {
      assertIdempotencyKey(options?.idempotencyKey);
      const { idempotencyKey, ...callOptions } = options;
      const result = await call(
        {
          method: "POST",
          path,
          route: `POST ${path}`,
          json: body,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          priority: "order",
          // Never repeated after it may have reached the upstream; unclear → unknown_outcome.
          retry: "once",
          authenticated: true,
          schema: createdOrderSchema,
        },
        callOptions,
      );
      noteUnknownStatuses(`POST ${path}`, [result.data]);
      return {
        ...result.data,
        checkout_hash: checkoutHashOf(result.data),
        replayed: result.headers.get(IDEMPOTENT_REPLAYED_HEADER) === "true",
        requestId: result.requestId,
      };
    };

  const read = { method: "GET", priority: "status", retry: "idempotent", authenticated: true } as const;

  return {
    /** POST /orders/preview: account-specific price breakdown; no order, no debit. */
    previewOrder: preview("/v2/orders/preview"),
    /** POST /orders: PRO credits order (debited at once) or a payment-link checkout. */
    createOrder: create("/v2/orders"),
    /** POST /esim/orders/preview: the eSIM alias of previewOrder (eSIM tokens only). */
    previewEsimOrder: preview("/v2/esim/orders/preview"),
    /** POST /esim/orders: the eSIM alias of createOrder (eSIM tokens only). */
    createEsimOrder: create("/v2/esim/orders"),
    /**
     * GET /orders: orders that exist, newest first (paginated). With `checkout_hash`: the order
     * a payment-link checkout became, once paid. Every row must carry its status.
     */
    listOrders: async (query: ListOrdersQuery = {}, options?: CallOptions) => {
      const page = toPage(
        await call(
          { ...read, path: "/v2/orders", route: "GET /v2/orders", query, schema: listOf(orderSchema) },
          options,
        ),
      );
      noteUnknownStatuses("GET /v2/orders", page.items);
      return page;
    },
    /**
     * GET /orders read as C§4 allows it: "completed orders" whose rows may lack `status`
     * (orderRowSchema); for looking an order up, whose own record (getOrder) then gives the status.
     */
    listOrderRows: async (query: ListOrdersQuery = {}, options?: CallOptions) => {
      const page = toPage(
        await call(
          { ...read, path: "/v2/orders", route: "GET /v2/orders", query, schema: listOf(orderRowSchema) },
          options,
        ),
      );
      noteUnknownStatuses("GET /v2/orders", page.items);
      return page;
    },
    /** GET /orders/{id}: status and details, including fulfillment fields. Never cached. */
    getOrder: async (orderId: string, options?: CallOptions) => {
      const { data } = await call(
        { ...read, path: `/v2/orders/${seg(orderId)}`, route: "GET /v2/orders/{id}", schema: orderSchema },
        options,
      );
      noteUnknownStatuses("GET /v2/orders/{id}", [data]);
      return data;
    },
  };
}

export type OrderEndpoints = ReturnType<typeof orderEndpoints>;
