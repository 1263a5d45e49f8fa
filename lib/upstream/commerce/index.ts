import "server-only";
import { sandboxInstance, upstreamEndpoints } from "../endpoints";
import { upstreamBudget } from "../budget/default";
import { resolveCommerceAuth } from "../connection/resolve";
import { createCommerceClient, type CommerceClient } from "./client";

// The app's commerce client, built on first use: the configured API (or the embedded emulator)
// with the credential resolved at each call. A missing one is reported by the first call
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
    // env COMMERCE_API_KEY, else what staff connected in the admin (API key or OAuth), else
    // the embedded emulator's key (lib/upstream/connection/resolve.ts).
    auth: resolveCommerceAuth,
    // Shared through the database with every other instance of the app.
    budget: upstreamBudget,
    sandboxInstance: sandboxInstance("commerce"),
  }));
}
