import "server-only";
import { accountEndpoints } from "./endpoints/account";
import { esimEndpoints } from "./endpoints/esim";
import { giftcardEndpoints } from "./endpoints/giftcards";
import { orderEndpoints } from "./endpoints/orders";
import { topupEndpoints } from "./endpoints/topup";
import { utilityEndpoints } from "./endpoints/utilities";
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
  };
}

export type CommerceClient = ReturnType<typeof createCommerceClient>;
