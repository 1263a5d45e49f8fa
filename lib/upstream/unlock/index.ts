import "server-only";
import { env } from "@/lib/env";
import { resolveUnlockCredentials, resolveUnlockImeiCheckAccess } from "../connection/resolve";
import { sandboxInstance, upstreamEndpoints } from "../endpoints";
import { upstreamBudget } from "../budget/default";
import { createUnlockClient, type UnlockClient } from "./client";

// The app's unlocking API client, built once. Missing credentials do not
// throw here: every call then rejects with UpstreamError kind "config", code "NOT_CONFIGURED",
// so pages handle it like any other upstream failure.

let instance: UnlockClient | undefined;

export function unlockClient(): UnlockClient {
  instance ??= createUnlockClient({
    baseUrl: upstreamEndpoints().unlock.baseUrl,
    // env, else the pair staff stored in the admin, else the embedded emulator's.
    resolveCredentials: resolveUnlockCredentials,
    // The account's environment and IMEI check hash settings: env, else stored, else embedded.
    imeiCheckAccess: resolveUnlockImeiCheckAccess,
    headerNames: env.UNLOCK_HEADER_NAMES,
    // Shared through the database with every other instance of the app.
    budget: upstreamBudget,
    sandboxInstance: sandboxInstance("unlock"),
  });
  return instance;
}

export {
  createUnlockClient,
  DEFAULT_CREATE_ORDER_TIMEOUT_MS,
  type CreateOrderInput,
  type UnlockClient,
  type UnlockClientOptions,
} from "./client";
export { UNLOCK_CREDENTIAL_HEADERS, type UnlockHeaderNames } from "./headers";
export { imeiCheckAccessProblem, imeiCheckHash, type ImeiCheckAccess } from "./imeicheck-hash";
export * from "./schemas";
