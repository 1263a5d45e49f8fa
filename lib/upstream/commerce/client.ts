import "server-only";
import { accountEndpoints } from "./endpoints/account";
import { esimEndpoints } from "./endpoints/esim";
import { giftcardEndpoints } from "./endpoints/giftcards";
import { orderEndpoints } from "./endpoints/orders";
import { topupEndpoints } from "./endpoints/topup";
import { utilityEndpoints } from "./endpoints/utilities";
import type { ConnectionIdentity } from "../connection-identity";
import { apiKeyEnvironment, type CommerceAuth } from "./auth";
import { createCall, type CommerceClientOptions } from "./request";

// The commerce API v2 client: one function per endpoint of spec section 4. Built from
// explicit options (no environment access), so tests and the app's singleton (index.ts)
// construct it the same way. See README.md for the error contract.

export type { CallOptions, CommerceClientOptions } from "./request";

export function createCommerceClient(options: CommerceClientOptions) {
  const call = createCall(options);
  return {
    ...orderEndpoints(call),
    ...accountEndpoints(call),
    ...topupEndpoints(call),
    ...esimEndpoints(call, options.baseUrl),
    ...giftcardEndpoints(call),
    ...utilityEndpoints(call),
    /** The account the next call goes to (the credential is resolved now, as a call would). */
    connection: () => commerceConnection(options),
  };
}

async function commerceConnection(options: CommerceClientOptions): Promise<ConnectionIdentity> {
  const auth: CommerceAuth = typeof options.auth === "function" ? await options.auth() : options.auth;
  const base = { api: "commerce" as const, baseUrl: options.baseUrl, instance: options.sandboxInstance ?? null };
  if (auth.kind === "api_key") return { ...base, environment: apiKeyEnvironment(auth.apiId), account: auth.apiId };
  const identity = (await auth.tokens.identity?.()) ?? { account: null, environment: null };
  return { ...base, environment: identity.environment ?? "unknown", account: `oauth:${identity.account ?? "unknown"}` };
}

export type CommerceClient = ReturnType<typeof createCommerceClient>;
