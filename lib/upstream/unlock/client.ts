import "server-only";
import type { z } from "zod";
import { orderImeiValue, imeiProblem, type Suffixes } from "@/lib/validation/imei";
import { credentialFingerprint, type ConnectionIdentity } from "../connection-identity";
import { UpstreamError } from "../errors";
import { sendUpstream, type Priority, type RequestBudget, type UpstreamRequest, type UpstreamResponse } from "../http";
import type { RetryPolicy } from "../retry-policy";
import { DEFAULT_UNLOCK_HEADER_NAMES, unlockCredentialHeaders, type UnlockHeaderNames } from "./headers";
import { imeiCheckForm, type ImeiCheckAccess } from "./imeicheck-hash";
import { unknownOutcome, unwrapReply } from "./reply";
import {
  brandsSchema,
  cancelSchema,
  countriesSchema,
  createOrderSchema,
  devicesSchema,
  imeiCheckSchema,
  instructionsSchema,
  networksSchema,
  orderSchema,
  toolsSchema,
  type ImeiCheckResult,
  type UnlockBrand,
  type UnlockCancelResult,
  type UnlockCountry,
  type UnlockDevice,
  type UnlockInstructions,
  type UnlockNetwork,
  type UnlockOrder,
  type UnlockTool,
} from "./schemas";

// One function per endpoint of the unlocking API (spec section 4), typed, through sendUpstream.
// Env-free: index.ts builds the app's instance from the environment; tests build their own.

export type UnlockClientOptions = {
  baseUrl: string;
  /** The key pair; or `resolveCredentials` below when it may change while the app runs. */
  svcKey?: string;
  svcSecret?: string;
  /** Read before every call (the app's stored credentials); wins over svcKey/svcSecret. */
  resolveCredentials?: () => Promise<{ svcKey: string; svcSecret: string }>;
  budget?: RequestBudget;
  policy?: Partial<RetryPolicy>;
  /** create_order may take 30 s upstream (section 8); default 45 s. */
  createOrderTimeoutMs?: number;
  /** Timeout of every other call; default sendUpstream's. */
  timeoutMs?: number;
  /** Which credential header pair to send (headers.ts): "spec" (default) or "live". */
  headerNames?: UnlockHeaderNames;
  /**
   * The account's environment and IMEI check hash settings (imeicheck-hash.ts decides the form);
   * or a function read before every IMEI check (the app's stored settings). Default: a production
   * account without hash settings, so IMEI checks are refused (NOT_CONFIGURED) before sending.
   */
  imeiCheckAccess?: ImeiCheckAccess | (() => Promise<ImeiCheckAccess>);
  /** The embedded emulator's instance id, part of the connection identity (connection-identity.ts). */
  sandboxInstance?: string | null;
};

export type CreateOrderInput = {
  deviceId: number;
  networkId: number;
  /** The bare 15-digit IMEI. */
  imei: string;
  /** Exactly the suffixes the tool needs (requiredSuffixes(tool)); appended in the fixed order sn, prd, pin, mep, sro. */
  suffixes?: Suffixes;
  toolId: number;
};

export interface UnlockClient {
  /** Countries, sorted by name. */
  countries(): Promise<UnlockCountry[]>;
  /** Networks of every country, or of one; sorted by name. */
  networks(countryId?: number): Promise<UnlockNetwork[]>;
  /** Brands sorted by name, without the placeholder brand 0. */
  brands(): Promise<UnlockBrand[]>;
  /** Devices of a brand, sorted by name. */
  devices(brandId: number): Promise<UnlockDevice[]>;
  device(brandId: number, deviceId: number): Promise<UnlockDevice>;
  /** Tools for a device on a network, in the upstream's order (may be empty). */
  tools(deviceId: number, networkId: number): Promise<UnlockTool[]>;
  /**
   * Places an order (charges credits). Never retried after it may have been received: a
   * timeout, reset, 5xx or unreadable answer is an UpstreamError of kind "unknown_outcome".
   */
  createOrder(input: CreateOrderInput): Promise<{ ticketId: number }>;
  checkOrderStatus(ticketId: number): Promise<UnlockOrder>;
  /** `force: "nowait"` makes an unfinished order ready now (available or notavailable). */
  updateOrder(ticketId: number, args?: { force?: "nowait" }): Promise<UnlockOrder>;
  /** Within 10 minutes of placement; afterwards an API_ERROR whose message is the upstream's `info`. */
  cancelOrder(ticketId: number): Promise<UnlockCancelResult>;
  /** Once the order is `available`. */
  orderInstructions(ticketId: number): Promise<UnlockInstructions>;
  /**
   * IMEI check (may charge). A recognition failure is returned in `errors`, not thrown.
   * `hash` overrides the computed one. `fullReport` accepts a paid (type P) device's full report
   * and its price (FULL_REPORT_FORM: the spec does not show how; docs/unlock.md).
   */
  imeiCheck(imei: string, options?: { hash?: string; fullReport?: boolean }): Promise<ImeiCheckResult>;
  /**
   * The account the next call goes to. The SVC key names it; only its fingerprint is kept (a
   * sandbox and a production pair are different keys, so the environment needs no part of its own).
   */
  connection(): Promise<ConnectionIdentity>;
}

export const DEFAULT_CREATE_ORDER_TIMEOUT_MS = 45_000;
/** Catalog reads give up on a long rate-limit wait: the catalog cache serves instead. */
const CATALOG_MAX_RATE_LIMIT_WAIT_MS = 5_000;
/** The unlocking API says "slow down" with 409 (reference text, live) or 429 (status table). */
const RATE_LIMIT_STATUSES = [409, 429] as const;

type Call = {
  method: UpstreamRequest["method"];
  path: string;
  /** For logs: ids that identify nobody stay in; the IMEI, its suffixes and the hash never do. */
  route: string;
  priority: Priority;
  retry: UpstreamRequest["retry"];
  timeoutMs?: number;
  form?: Record<string, string>;
};

export function createUnlockClient(options: UnlockClientOptions): UnlockClient {
  const headerNames = options.headerNames ?? DEFAULT_UNLOCK_HEADER_NAMES;
  const imeiCheckAccess = async (): Promise<ImeiCheckAccess> =>
    typeof options.imeiCheckAccess === "function"
      ? options.imeiCheckAccess()
      : (options.imeiCheckAccess ?? { environment: "production", hash: null });

  const credentials = async () =>
    options.resolveCredentials
      ? options.resolveCredentials()
      : { svcKey: options.svcKey ?? "", svcSecret: options.svcSecret ?? "" };

  async function call<S extends z.ZodType>(spec: Call, schema: S): Promise<z.output<S>> {
    const { svcKey, svcSecret } = await credentials();
    if (!svcKey || !svcSecret) throw notConfigured();
    let response: UpstreamResponse;
    try {
      response = await sendUpstream({
        api: "unlock",
        baseUrl: options.baseUrl,
        method: spec.method,
        path: spec.path,
        route: spec.route,
        form: spec.form,
        headers: unlockCredentialHeaders(headerNames, svcKey, svcSecret),
        retry: spec.retry,
        priority: spec.priority,
        timeoutMs: spec.timeoutMs ?? options.timeoutMs,
        rateLimitStatuses: RATE_LIMIT_STATUSES,
        policy:
          spec.priority === "catalog"
            ? { maxRateLimitWaitMs: CATALOG_MAX_RATE_LIMIT_WAIT_MS, ...options.policy }
            : options.policy,
        budget: options.budget,
      });
    } catch (error) {
      // A garbled answer to a call that may have acted: we cannot tell whether it did.
      if (spec.retry === "once" && error instanceof UpstreamError && error.kind === "validation") {
        throw unknownOutcome(spec, error.status, error.message, error);
      }
      throw error;
    }
    return unwrapReply(response, schema, spec);
  }

  const catalog = (path: string) => ({
    method: "GET" as const,
    path,
    route: `GET ${path}`,
    priority: "catalog" as const,
    retry: "idempotent" as const,
  });

  return {
    countries: async () => call(catalog("/countries"), countriesSchema),

    networks: async (countryId) =>
      call(
        catalog(countryId === undefined ? "/networks" : `/networks/${idSegment("countryId", countryId)}`),
        networksSchema,
      ),

    brands: async () => call(catalog("/brands"), brandsSchema),

    devices: async (brandId) => call(catalog(`/devices/${idSegment("brandId", brandId)}`), devicesSchema(brandId)),

    device: async (brandId, deviceId) => {
      const path = `/devices/${idSegment("brandId", brandId)}/${idSegment("deviceId", deviceId)}`;
      const devices = await call(catalog(path), devicesSchema(brandId));
      const device = devices.find((d) => d.id === deviceId);
      if (!device) {
        throw new UpstreamError({
          api: "unlock",
          kind: "validation",
          code: "MALFORMED_RESPONSE",
          message: `GET ${path}: device ${deviceId} missing from the answer`,
        });
      }
      return device;
    },

    tools: async (deviceId, networkId) =>
      call(catalog(`/tools/${idSegment("deviceId", deviceId)}/${idSegment("networkId", networkId)}`), toolsSchema),

    createOrder: async ({ deviceId, networkId, imei, suffixes, toolId }) => {
      const ids = `${idSegment("deviceId", deviceId)}/${idSegment("networkId", networkId)}`;
      const tool = idSegment("toolId", toolId);
      let imeiValue: string;
      try {
        imeiValue = orderImeiValue(imei, suffixes);
      } catch (error) {
        throw invalidInput((error as Error).message);
      }
      return call(
        {
          method: "POST",
          path: `/create_order/${ids}/${encodeURIComponent(imeiValue)}/${tool}`,
          route: `POST /create_order/${ids}/{imei}/${tool}`,
          priority: "order",
          retry: "once",
          timeoutMs: options.createOrderTimeoutMs ?? DEFAULT_CREATE_ORDER_TIMEOUT_MS,
        },
        createOrderSchema,
      );
    },

    checkOrderStatus: async (ticketId) => {
      const path = `/check_order_status/${idSegment("ticketId", ticketId)}`;
      return call(
        { method: "GET", path, route: `GET ${path}`, priority: "status", retry: "idempotent" },
        orderSchema(ticketId),
      );
    },

    // update, cancel: "once". They change state (cancel refunds); repeating after a lost answer
    // is harmless for the upstream but the caller should look at the order (checkOrderStatus)
    // rather than have it repeated behind its back.
    updateOrder: async (ticketId, args = {}) => {
      const path = `/update_order/${idSegment("ticketId", ticketId)}`;
      const form = args.force ? { force: args.force } : undefined;
      return call(
        { method: "POST", path, route: `POST ${path}`, priority: "status", retry: "once", form },
        orderSchema(ticketId),
      );
    },

    cancelOrder: async (ticketId) => {
      const path = `/cancel_order/${idSegment("ticketId", ticketId)}`;
      return call(
        { method: "DELETE", path, route: `DELETE ${path}`, priority: "status", retry: "once" },
        cancelSchema(ticketId),
      );
    },

    orderInstructions: async (ticketId) => {
      const path = `/retrieve_order_instructions/${idSegment("ticketId", ticketId)}`;
      return call(
        { method: "GET", path, route: `GET ${path}`, priority: "status", retry: "idempotent" },
        instructionsSchema(ticketId),
      );
    },

    // "once": a free report is charged, so a lost answer is not silently paid for twice.
    imeiCheck: async (imei, callOptions = {}) => {
      const problem = imeiProblem(imei);
      if (problem) throw invalidInput(problem);
      const { svcKey, svcSecret } = await credentials();
      const sent = callOptions.hash
        ? { kind: "hash" as const, hash: callOptions.hash }
        : imeiCheckForm(await imeiCheckAccess(), { svcKey, svcSecret, imei });
      if (sent.kind === "off") {
        throw new UpstreamError({
          api: "unlock",
          kind: "config",
          code: "NOT_CONFIGURED",
          message: sent.reason,
          userMessage: IMEI_CHECK_UNAVAILABLE,
          retryable: false,
        });
      }
      const form = callOptions.fullReport ? FULL_REPORT_FORM : undefined;
      const spec: Call =
        sent.kind === "hash"
          ? {
              method: "POST",
              path: `/imeicheck/${imei}/${encodeURIComponent(sent.hash)}`,
              route: "POST /imeicheck/{imei}/{hash}",
              priority: "order",
              retry: "once",
              form,
            }
          : {
              method: "POST",
              path: `/imeicheck/${imei}`,
              route: "POST /imeicheck/{imei}",
              priority: "order",
              retry: "once",
              form,
            };
      return call(spec, imeiCheckSchema);
    },

    connection: async () => {
      const { svcKey } = await credentials();
      return {
        api: "unlock",
        baseUrl: options.baseUrl,
        environment: "-",
        account: svcKey ? credentialFingerprint(svcKey) : "none",
        instance: options.sandboxInstance ?? null,
      };
    },
  };
}

/** What a buyer is told when the shop cannot run IMEI checks (the staff message names the cause). */
export const IMEI_CHECK_UNAVAILABLE = "IMEI checks are not available at the moment.";

/**
 * How an IMEI check asks for a paid device's full report: the form argument `type_pay=P`, the
 * result's own field and value ("P: paid"). The spec does not show it; one place to change it.
 */
export const FULL_REPORT_FORM = { type_pay: "P" } as const;

function idSegment(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw invalidInput(`${name} must be a non-negative integer`);
  return String(value);
}

function invalidInput(message: string): UpstreamError {
  return new UpstreamError({
    api: "unlock",
    kind: "config",
    code: "INVALID_INPUT",
    message,
    userMessage: message,
    retryable: false,
  });
}

function notConfigured(): UpstreamError {
  return new UpstreamError({
    api: "unlock",
    kind: "config",
    code: "NOT_CONFIGURED",
    message: "The unlocking API is not configured: set UNLOCK_SVC_KEY and UNLOCK_SVC_SECRET",
  });
}
