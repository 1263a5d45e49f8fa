// Every v2 operation of spec section 4, in one table that the OpenAPI document and the HTML
// docs page are both built from. `auth`: "none" (No auth), "any" (any valid credential) or the
// scope the call needs (section 5 scopes; "needs read scope" on preview read as orders:read).

export type ApiOperation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  summary: string;
  tag: string;
  auth: "none" | "any" | string;
  proOnly?: boolean;
  query?: string[];
  body?: "order" | "webhook" | "webhookPatch";
  produces?: "png";
};

const catalog = (path: string, summary: string, query?: string[]): ApiOperation => ({
  method: "get",
  path,
  summary,
  tag: "Top-up catalog",
  auth: "orders:read",
  query,
});
const alias = (op: ApiOperation): ApiOperation => ({
  ...op,
  path: op.path.replace(/^\/topup/, ""),
  tag: "Catalog aliases",
  summary: `${op.summary} (alias: top-up and gift cards together)`,
});

const topup: ApiOperation[] = [
  catalog("/topup/carriers/lookup/{phone}", "Identify carrier and country of an E.164 number"),
  catalog("/topup/countries", "Top-up countries"),
  catalog("/topup/operators", "Operators", ["country"]),
  catalog("/topup/operators/{id}/service-types", "Service types (airtime, bundle, data) of an operator"),
  catalog("/topup/operators/{id}/rates", "Price points with token, fees and totals", ["q", "service_type", "lang"]),
  catalog("/topup/service-types", "All service type definitions"),
  catalog("/topup/promotions", "Active promotions"),
  catalog("/topup/products/search", "Catalog search", ["country", "q", "operator_id"]),
  catalog("/topup/products/{operator_id}", "Operator detail with live pricing"),
];

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    method: "post",
    path: "/orders/preview",
    summary: "Preview the price breakdown (PRO); no order, no debit",
    tag: "Orders",
    auth: "orders:read",
    body: "order",
  },
  {
    method: "post",
    path: "/orders",
    summary: "Create an order (PRO: debit credits; consumer: payment_link)",
    tag: "Orders",
    auth: "orders:write",
    body: "order",
  },
  {
    method: "get",
    path: "/orders",
    summary: "Completed orders, keyset pagination",
    tag: "Orders",
    auth: "orders:read",
    query: ["type", "checkout_hash", "delivery_status", "cursor", "limit"],
  },
  {
    method: "get",
    path: "/orders/{id}",
    summary: "Status and details of one order",
    tag: "Orders",
    auth: "orders:read",
  },
  {
    method: "post",
    path: "/esim/orders/preview",
    summary: "Alias of POST /orders/preview with type esim",
    tag: "Orders",
    auth: "orders:read",
    body: "order",
  },
  {
    method: "post",
    path: "/esim/orders",
    summary: "Alias of POST /orders with type esim",
    tag: "Orders",
    auth: "orders:write",
    body: "order",
  },

  {
    method: "get",
    path: "/balance",
    summary: "Current credit balance in EUR",
    tag: "Balance",
    auth: "balance:read",
    proOnly: true,
  },
  {
    method: "get",
    path: "/balance/history",
    summary: "Recent credit transactions",
    tag: "Balance",
    auth: "balance:read",
    proOnly: true,
  },

  {
    method: "post",
    path: "/webhooks",
    summary: "Register a webhook (HTTPS URL, events); returns the signing secret once",
    tag: "Webhooks",
    auth: "webhooks:write",
    proOnly: true,
    body: "webhook",
  },
  { method: "get", path: "/webhooks", summary: "List webhooks", tag: "Webhooks", auth: "webhooks:read", proOnly: true },
  {
    method: "get",
    path: "/webhooks/{id}",
    summary: "Webhook detail",
    tag: "Webhooks",
    auth: "webhooks:read",
    proOnly: true,
  },
  {
    method: "patch",
    path: "/webhooks/{id}",
    summary: "Update URL, events or status",
    tag: "Webhooks",
    auth: "webhooks:write",
    proOnly: true,
    body: "webhookPatch",
  },
  {
    method: "delete",
    path: "/webhooks/{id}",
    summary: "Delete a webhook",
    tag: "Webhooks",
    auth: "webhooks:write",
    proOnly: true,
  },

  { method: "get", path: "/status", summary: "Health check", tag: "Status and utilities", auth: "none" },
  { method: "get", path: "/geo", summary: "IP geolocation", tag: "Status and utilities", auth: "orders:read" },
  { method: "get", path: "/", summary: "v2 root with discovery links", tag: "Status and utilities", auth: "none" },

  ...topup,
  ...topup.map(alias),

  {
    method: "get",
    path: "/esim/destinations",
    summary: "Destinations with published plans",
    tag: "Travel eSIM catalog",
    auth: "orders:read",
    query: ["coverage_type"],
  },
  {
    method: "get",
    path: "/esim/products",
    summary: "Plans of a destination",
    tag: "Travel eSIM catalog",
    auth: "orders:read",
    query: ["country_iso", "data_type", "currency", "lang", "coverage_type"],
  },
  {
    method: "get",
    path: "/esim/products/{catalog_id}",
    summary: "Plan detail",
    tag: "Travel eSIM catalog",
    auth: "orders:read",
  },
  {
    method: "get",
    path: "/esim/lines/{iccid}",
    summary: "Remaining data of an ICCID",
    tag: "Travel eSIM catalog",
    auth: "orders:read",
  },
  {
    method: "get",
    path: "/esim/qr/{ticket_id}/{sig}",
    summary: "Hosted QR PNG of a fulfilled eSIM order",
    tag: "Travel eSIM catalog",
    auth: "none",
    produces: "png",
  },

  {
    method: "get",
    path: "/giftcards/countries",
    summary: "Countries with gift card brands",
    tag: "Gift card catalog",
    auth: "orders:read",
  },
  {
    method: "get",
    path: "/giftcards/brands",
    summary: "Search brands",
    tag: "Gift card catalog",
    auth: "orders:read",
    query: ["country", "q", "limit", "cursor"],
  },
  {
    method: "get",
    path: "/giftcards/brands/{id}/products",
    summary: "Denominations and tokens of a brand",
    tag: "Gift card catalog",
    auth: "orders:read",
  },
  {
    method: "get",
    path: "/giftcards/products/{operator_id}",
    summary: "Brand detail",
    tag: "Gift card catalog",
    auth: "orders:read",
  },
];
