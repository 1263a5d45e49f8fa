import "server-only";
import { env } from "@/lib/env";
import { upstreamEndpoints } from "../endpoints";
import { upstreamBudget } from "../budget/default";
import { apiKeyEnvironment, parseApiKey, type ApiKeyEnvironment, type CommerceAuth } from "./auth";
import { createCommerceClient, type CommerceClient } from "./client";
import { notConfigured } from "./errors";

// The app's commerce client, built from the environment on first use: the configured API (or
// the embedded emulator) with COMMERCE_API_KEY. A missing key is reported by the first call
// (UpstreamError kind "config", NOT_CONFIGURED), so pages that never call the API still render.

export { createCommerceClient, type CommerceClient } from "./client";
export { apiKeyEnvironment, parseApiKey, maskApiId, type CommerceAuth, type TokenStore } from "./auth";
export { CommerceApiError } from "./errors";
export { allPages } from "./pagination";
export type * from "./schemas";

let client: CommerceClient | undefined;

export function commerceClient(): CommerceClient {
  return (client ??= createCommerceClient({
    baseUrl: upstreamEndpoints().commerce.baseUrl,
    auth: apiKeyAuth,
    // Shared through the database with every other instance of the app.
    budget: upstreamBudget,
  }));
}

function apiKeyAuth(): CommerceAuth {
  const key = env.COMMERCE_API_KEY ? parseApiKey(env.COMMERCE_API_KEY) : null;
  if (!key) throw notConfigured('COMMERCE_API_KEY is not set: set it to "api_id:api_secret" (see .env.example)');
  return { kind: "api_key", ...key };
}

/** For staff screens: which environment the configured key places orders in. */
export function configuredCommerceEnvironment(): ApiKeyEnvironment | "not_configured" {
  const key = env.COMMERCE_API_KEY ? parseApiKey(env.COMMERCE_API_KEY) : null;
  return key ? apiKeyEnvironment(key.apiId) : "not_configured";
}
