import type { EmulatorContext } from "../core/context";
import { API_OPERATIONS, type ApiOperation } from "./api-operations";
import { escapeHtml } from "./pages";
import { SCOPE_DESCRIPTIONS, SUPPORTED_SCOPES } from "./scopes";
import { oauthUrls } from "./urls";
import type { EmulatorApp } from "../core/hono-env";

// The OpenAPI 3.1 document of the v2 API (GET /v2/openapi.json) and a human-readable page of the
// same table (GET /v2/docs, the `resource_documentation`). Both are registered on the root app
// before the commerce sub-app is mounted at /v2, so they win over its routes.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const QUERY_DESCRIPTIONS: Record<string, string> = {
  type: "topup, giftcard or esim",
  checkout_hash: "payment-link checkout to look up (never show it to a buyer)",
  cursor: "opaque cursor from meta.cursor of the previous page",
  limit: "page size (default 50, max 100)",
  country_iso: "ISO 3166-1 alpha-2 lower case, or a region slug (eu, ww, as)",
  data_type: "all, unlimited or limited",
};

function security(op: ApiOperation) {
  if (op.auth === "none") return [];
  const scopes = op.auth === "any" ? [] : [op.auth];
  return [{ apiKey: [] }, { oauth2: scopes }];
}

function operation(op: ApiOperation) {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const queryParams = (op.query ?? []).map((name) => ({
    name,
    in: "query",
    required: false,
    schema: { type: "string" },
    ...(QUERY_DESCRIPTIONS[name] ? { description: QUERY_DESCRIPTIONS[name] } : {}),
  }));
  const success =
    op.produces === "png"
      ? {
          description: "QR code image",
          content: { "image/png": { schema: { type: "string", contentMediaType: "image/png" } } },
        }
      : { description: "Success envelope", content: { "application/json": { schema: ref("SuccessEnvelope") } } };
  const errors =
    op.auth === "none"
      ? {}
      : {
          "401": { $ref: "#/components/responses/Unauthorized" },
          "403": { $ref: "#/components/responses/Forbidden" },
          "429": { $ref: "#/components/responses/RateLimited" },
        };
  const bodySchema =
    op.body === "order"
      ? "OrderRequest"
      : op.body === "webhook"
        ? "WebhookCreate"
        : op.body === "webhookPatch"
          ? "WebhookUpdate"
          : undefined;
  return {
    operationId: `${op.method}${op.path.replace(/\{(\w+)\}/g, "By_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase()) || "Root"}`,
    summary: op.summary,
    tags: [op.tag],
    security: security(op),
    ...(op.proOnly ? { description: "PRO accounts only (403 API_ACCESS_DENIED otherwise)." } : {}),
    parameters: [...pathParams, ...queryParams],
    ...(bodySchema
      ? { requestBody: { required: true, content: { "application/json": { schema: ref(bodySchema) } } } }
      : {}),
    responses: { "200": success, ...errors, default: { $ref: "#/components/responses/Error" } },
  };
}

export function openApiDocument(ctx: EmulatorContext) {
  const urls = oauthUrls(ctx);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  const errorResponse = (description: string) => ({
    description,
    content: { "application/json": { schema: ref("ErrorEnvelope") } },
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "Commerce API v2 (emulator)",
      version: "2",
      description:
        "Mobile top-ups, travel eSIM plans and gift cards. Every response uses the envelope { success, data, error, meta }.",
    },
    servers: [{ url: urls.resource }],
    externalDocs: { url: urls.docs },
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "api_id:api_secret",
          description: "API key: test_… selects sandbox, live_… production",
        },
        oauth2: {
          type: "oauth2",
          description:
            "Authorization code with PKCE (S256); public clients registered dynamically. Access tokens are JWTs.",
          flows: {
            authorizationCode: {
              authorizationUrl: urls.authorize,
              tokenUrl: urls.token,
              refreshUrl: urls.token,
              scopes: Object.fromEntries(SUPPORTED_SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS[s] ?? s])),
            },
          },
        },
      },
      responses: {
        Unauthorized: {
          ...errorResponse("Missing or invalid credential"),
          headers: {
            "WWW-Authenticate": {
              description: `Bearer resource_metadata="${urls.resourceMetadata}"`,
              schema: { type: "string" },
            },
          },
        },
        Forbidden: errorResponse("insufficient_scope or API_ACCESS_DENIED (PRO only)"),
        RateLimited: {
          ...errorResponse("rate_limited; back off and retry"),
          headers: {
            "Retry-After": { schema: { type: "integer" } },
            "X-RateLimit-Limit": { schema: { type: "integer" } },
            "X-RateLimit-Remaining": { schema: { type: "integer" } },
            "X-RateLimit-Reset": { schema: { type: "integer" } },
          },
        },
        Error: errorResponse("Error envelope"),
      },
      schemas: {
        Meta: {
          type: "object",
          required: ["request_id", "timestamp"],
          properties: { request_id: { type: "string" }, timestamp: { type: "string", format: "date-time" } },
        },
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "string" }, message: { type: "string" }, next_step: { type: "string" } },
        },
        SuccessEnvelope: {
          type: "object",
          required: ["success", "data", "meta"],
          properties: { success: { const: true }, data: {}, error: { type: "null" }, meta: ref("Meta") },
        },
        ErrorEnvelope: {
          type: "object",
          required: ["success", "data", "error", "meta"],
          properties: { success: { const: false }, data: { type: "null" }, error: ref("Error"), meta: ref("Meta") },
        },
        OrderRequest: {
          type: "object",
          required: ["price_token"],
          properties: {
            price_token: { type: "string", description: "Token copied from the catalog step" },
            phone: { type: "string", description: "E.164 recipient; top-up only" },
            catalog_id: { type: "string", description: "eSIM only" },
            sms_notification: { type: "boolean" },
            sms_text: { type: "string", maxLength: 140 },
            lang: { type: "string" },
            checkout_mode: { enum: ["credits", "payment_link"] },
          },
        },
        WebhookCreate: {
          type: "object",
          required: ["url", "events"],
          properties: {
            url: { type: "string", format: "uri", description: "HTTPS only" },
            events: { type: "array", items: { enum: ["order.created", "order.fulfilled", "order.failed"] } },
          },
        },
        WebhookUpdate: {
          type: "object",
          properties: {
            url: { type: "string", format: "uri" },
            events: { type: "array", items: { type: "string" } },
            status: { type: "string" },
          },
        },
      },
    },
  };
}

function docsPage(ctx: EmulatorContext): string {
  const urls = oauthUrls(ctx);
  const rows = API_OPERATIONS.map(
    (op) =>
      `<tr><td>${op.method.toUpperCase()}</td><td><code>${escapeHtml(op.path)}</code></td><td>${escapeHtml(op.auth === "none" ? "No auth" : op.auth === "any" ? "any credential" : op.auth)}${op.proOnly ? ", PRO only" : ""}</td><td>${escapeHtml(op.summary)}</td></tr>`,
  ).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Commerce API v2 – emulator documentation</title></head>
<body><main>
<h1>Commerce API v2 (emulator)</h1>
<p>Base URL <code>${escapeHtml(urls.resource)}</code>. Machine-readable: <a href="${escapeHtml(urls.openapi)}">OpenAPI 3.1</a>,
<a href="${escapeHtml(urls.resourceMetadata)}">protected resource metadata</a>, <a href="${escapeHtml(urls.apiCatalog)}">API catalog</a>.</p>
<p>Authenticate with <code>Authorization: Bearer api_id:api_secret</code> or an OAuth access token from <code>${escapeHtml(urls.issuer)}</code>.</p>
<table><caption>Operations</caption><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Auth</th><th scope="col">Summary</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</main></body></html>`;
}

export function registerApiDocs(app: EmulatorApp, ctx: EmulatorContext): void {
  app.get("/v2/openapi.json", (c) => c.json(openApiDocument(ctx)));
  app.get("/v2/docs", (c) => c.html(docsPage(ctx)));
}
