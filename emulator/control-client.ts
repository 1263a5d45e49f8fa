// A typed client of the emulator's test controls (README.md "Test controls"), over HTTP:
// `@relay/emulator/control`. The emulator answers them only when started with controls on
// (EMULATOR_CONTROL=1, or `controls: true`); every /__control path is 404 otherwise.
// Fetch only, no server code: tests in-process, Playwright specs and benchmarks use it alike.
import type { Dialect, RateLimitStatus } from "./core/config";
import type { FaultRule, FaultRuleInput } from "./core/faults";
import type { FieldRename } from "./core/field-renames";
import type { LedgerEntry } from "./core/ledger";
import type { RateUsage } from "./core/rate-limit";
import type { DeliveryAttempt } from "./commerce/orders/records";
import type { clientMetadata } from "./oauth/registration";
import type { Outcome } from "./unlock/orders/outcome";

export type { FaultRule, FaultRuleInput, FieldRename, LedgerEntry, RateUsage, DeliveryAttempt };

/** The switches `PATCH /__control/config` accepts. */
export type ConfigSwitches = {
  dialect?: Dialect;
  esimEnabled?: boolean;
  verifiedEmailEnabled?: boolean;
  unlockRateLimitStatus?: RateLimitStatus;
  allowLoopbackHttpWebhooks?: boolean;
  realistic?: boolean;
  advertisedResource?: string | null;
  advertisedIssuer?: string | null;
};
export type ControlClock = { now: string; offsetMs: number };
export type OAuthClient = ReturnType<typeof clientMetadata>;
export type OAuthTokens = {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  refresh_token?: string;
  id_token?: string;
};
export type RevokeTarget = { refresh_token: string } | { client_id: string } | { account_id: string };
export type CommerceBalance = { account_id: string; balance: string; balance_minor: number };
export type UnlockBalance = {
  account: string;
  environment: "sandbox" | "production";
  creditsMinor: number;
  credits: string;
};
export type UnlockControlOrder = {
  id: number;
  account: string;
  status: string;
  imei: string;
  deviceId: number;
  networkId: number;
  toolId: number;
  priceMinor: number;
  createdAt: string;
  pendingAt: string;
  readyAt: string;
  plannedOutcome: Outcome;
};
/** An order or checkout as the API shows it (its `list` view). */
export type ApiView = Record<string, unknown>;

/** A control call the emulator refused: its status and answer. */
export class ControlError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`control ${method} /__control${path}: HTTP ${status} ${body}`);
    this.name = "ControlError";
  }
}

/** What any control call answered, refused or not. */
export type ControlReply<T = unknown> = { status: number; body: T };

export function emulatorControl(emulatorUrl: string) {
  const base = `${emulatorUrl.replace(/\/+$/, "")}/__control`;

  /** One control call, whatever it answers (for tests of the controls' own refusals). */
  async function request<T = unknown>(method: string, path: string, body?: unknown): Promise<ControlReply<T>> {
    const response = await fetch(base + path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): the text as it came.
    }
    return { status: response.status, body: parsed as T };
  }

  /** One control call that must succeed: its answer, or a ControlError. */
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await request<T>(method, path, body);
    if (reply.status < 200 || reply.status >= 300)
      throw new ControlError(method, path, reply.status, JSON.stringify(reply.body));
    return reply.body;
  }

  const id = encodeURIComponent;
  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
    return search.size ? `?${search}` : "";
  };

  return {
    url: emulatorUrl,
    request,
    call,

    /** Back to the first-start state: no orders, full balances, no faults; keys and seed kept. */
    reset: async () => void (await call("POST", "/reset")),
    clock: () => call<ControlClock>("GET", "/clock"),
    /** Moves the emulator clock and runs the background work that fell due (fulfilment, webhooks). */
    advanceClock: (ms: number) => call<ControlClock & { tasksRun: number }>("POST", "/clock", { advanceMs: ms }),
    /** Runs the background work already due (one a timer tick may have started is finished too). */
    runDue: async () => (await call<{ tasksRun: number }>("POST", "/run-due")).tasksRun,
    scheduled: async () => (await call<{ tasks: Array<{ label: string; dueAt: string }> }>("GET", "/scheduled")).tasks,

    faults: async () => (await call<{ faults: FaultRule[] }>("GET", "/faults")).faults,
    addFault: async (rule: FaultRuleInput) => (await call<{ fault: FaultRule }>("POST", "/faults", rule)).fault,
    clearFaults: async () => void (await call("DELETE", "/faults")),

    /** One field renamed in one route's answers. */
    renameField: async (rename: { method?: string; path: string; from: string; to: string }) =>
      (await call<{ rename: FieldRename }>("POST", "/rename-field", rename)).rename,
    clearRenames: async () => void (await call("DELETE", "/rename-field")),

    /** Calls per "METHOD /path" since the last reset. */
    counters: async () => (await call<{ counters: Record<string, number> }>("GET", "/counters")).counters,
    clearCounters: async () => void (await call("DELETE", "/counters")),
    /** Per credential: its per-minute limit, its busiest real-time minute and the calls refused. */
    rateLimits: async () => (await call<{ usage: Record<string, RateUsage> }>("GET", "/rate-limits")).usage,
    ledger: async () => (await call<{ entries: LedgerEntry[] }>("GET", "/ledger")).entries,

    config: async () => (await call<{ config: Record<string, unknown> }>("GET", "/config")).config,
    setConfig: async (patch: ConfigSwitches) =>
      (await call<{ config: Record<string, unknown> }>("PATCH", "/config", patch)).config,

    commerce: {
      /** Every webhook delivery attempt, oldest first. */
      deliveries: async (filter: { webhook_id?: string; event_type?: string; event_id?: string } = {}) =>
        (await call<{ deliveries: DeliveryAttempt[] }>("GET", `/commerce/deliveries${query(filter)}`)).deliveries,
      clearDeliveries: async () => void (await call("DELETE", "/commerce/deliveries")),
      checkout: async (hash: string) =>
        (await call<{ checkout: ApiView }>("GET", `/commerce/checkout/${id(hash)}`)).checkout,
      /** The buyer pays the hosted checkout without a browser. */
      payCheckout: (hash: string) =>
        call<{ checkout_hash: string; order_id: string; order: ApiView }>("POST", `/commerce/checkout/${id(hash)}/pay`),
      cancelCheckout: async (hash: string) =>
        (await call<{ checkout: ApiView }>("POST", `/commerce/checkout/${id(hash)}/cancel`)).checkout,
      /** Ends a processing or MANUAL_REVISION order now with this outcome (sends its webhook event). */
      settle: async (orderId: string, outcome: "fulfill" | "fail" | "manual_revision") =>
        (await call<{ order: ApiView }>("POST", `/commerce/orders/${id(orderId)}/settle`, { outcome })).order,
      balances: async () => (await call<{ balances: CommerceBalance[] }>("GET", "/commerce/balances")).balances,
      setBalance: (accountId: string, balanceMinor: number) =>
        call<CommerceBalance>("PUT", `/commerce/balances/${id(accountId)}`, { balanceMinor }),
    },

    unlock: {
      accounts: async () =>
        (
          await call<{ accounts: Array<UnlockBalance & { svcKey: string; svcSecret: string }> }>(
            "GET",
            "/unlock/accounts",
          )
        ).accounts,
      balance: (account: string) => call<UnlockBalance>("GET", `/unlock/accounts/${id(account)}/balance`),
      setBalance: (account: string, creditsMinor: number) =>
        call<UnlockBalance>("PUT", `/unlock/accounts/${id(account)}/balance`, { creditsMinor }),
      /** Every order the supplier holds, with the IMEI it was placed for and its planned outcome. */
      orders: async () => (await call<{ orders: UnlockControlOrder[] }>("GET", "/unlock/orders")).orders,
      /** The supplier finishes a ticket now, with its planned outcome. */
      ready: (ticketId: number | string) =>
        call<{ id: number; status: string }>("POST", `/unlock/orders/${id(String(ticketId))}/ready`),
      /** The IMEI check hash the emulator expects of an account (unlock_production unless named). */
      hash: (imei: string, account?: string) =>
        call<{ hash: string; message: string; algorithm: string }>("POST", "/unlock/hash", { imei, account }),
      wellKnown: () =>
        call<{ brandId: number; deviceId: number; countryId: number; networkId: number; toolIds: number[] }>(
          "GET",
          "/unlock/well-known",
        ),
    },

    oauth: {
      clients: async () => (await call<{ clients: OAuthClient[] }>("GET", "/oauth/clients")).clients,
      /** Deletes a registered client and revokes its tokens. */
      deleteClient: (clientId: string) =>
        call<{ deleted: string; revoked: { refreshTokens: number; accessTokens: number } }>(
          "DELETE",
          `/oauth/clients/${id(clientId)}`,
        ),
      /** What the user does in the account settings: one refresh token, a client's or an account's grants stop working. */
      revoke: async (target: RevokeTarget) =>
        (await call<{ revoked: { refreshTokens: number; accessTokens: number } }>("POST", "/oauth/revoke", target))
          .revoked,
      /** Tokens for an account without the HTML pages (consumer accounts get their capped scopes). */
      tokens: (request: {
        email: string;
        scope?: string;
        environment?: "production" | "sandbox";
        client_id?: string;
      }) => call<OAuthTokens>("POST", "/oauth/tokens", request),
    },
  };
}

export type EmulatorControl = ReturnType<typeof emulatorControl>;
