// Test support for the order core's *.int.test.ts files: a migrated throwaway database (SQLite,
// or PostgreSQL with TEST_POSTGRES_URL), the in-process emulator with its test controls, clients
// pointed at it with the embedded shop's production credentials (credits are really debited on
// the emulator's ledger), and helpers to make paid orders the way the pages will.
import { randomUUID } from "node:crypto";
import { startEmulator } from "@/emulator/app";
import { embeddedShopCredentials } from "@/lib/upstream/connection/embedded";
import type { LedgerEntry } from "@/emulator/core/ledger";
import type { FaultRuleInput } from "@/emulator/core/faults";
import { createTestDatabase } from "@/lib/db/testing";
import type { DbClient } from "@/lib/db/create-client";
import type { Order, Prisma } from "@/lib/db/generated/sqlite/client";
import type { ProductType } from "@/lib/db/generated/sqlite/enums";
import { createCommerceClient, type CommerceClientOptions } from "@/lib/upstream/commerce/client";
import { parseApiKey } from "@/lib/upstream/commerce/auth";
import { createUnlockClient } from "@/lib/upstream/unlock/client";
import { connectionIdFor } from "@/lib/upstream/connection/registry";
import { seedDatabase } from "@/prisma/seed";
import type { UpstreamClients } from "@/lib/orders/clients";
import { createOrder } from "@/lib/orders/create";
import { transition } from "@/lib/orders/lifecycle";
import { quoteCommerceOrder, type QuoteInput, type QuoteOptions } from "@/lib/orders/quote";

export const WORKING_UK_MOBILE = "+447400123456";
export const EE_UK_OPERATOR = "1000";
export const POOR_LIVE_KEY = "live_poor00000000000000000001:sk_poorlive000000000000000000000001";
/** Unlocking sandbox IMEIs (emulator/unlock/README.md). */
export const IMEI = {
  availableAtOnce: "123456789876543",
  notAvailable: "355710060480006",
  availableLater: "490154203237518",
  reported: "353047098598802",
} as const;
/** iPhone 13 on EE UK, tool 1 (Factory Unlock, 1–3 days) and tool 3 (instant). */
export const UNLOCK_PAIR = { deviceId: 1015, networkId: 234030, toolDays: 1, toolInstant: 3 } as const;

export async function startOrderTestbed() {
  const [emulator, database] = await Promise.all([startEmulator(0, { controls: true }), createTestDatabase()]);
  await seedDatabase(database.db);
  const credentials = embeddedShopCredentials();

  const control = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.url}/__control${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const commerceWith = (key = credentials.commerceApiKey, options: Partial<CommerceClientOptions> = {}) => {
    const parsed = parseApiKey(key)!;
    return createCommerceClient({
      baseUrl: emulator.url,
      auth: { kind: "api_key", ...parsed },
      policy: { baseDelayMs: 1, maxDelayMs: 5 },
      ...options,
    });
  };
  const unlock = createUnlockClient({
    baseUrl: emulator.url,
    svcKey: credentials.unlockSvcKey,
    svcSecret: credentials.unlockSvcSecret,
    imeiCheckAccess: { environment: credentials.unlockEnvironment, hash: credentials.unlockImeiCheckHash },
    policy: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  const clients: UpstreamClients = { commerce: commerceWith(), unlock };

  const db = database.db;
  return {
    db,
    url: database.url,
    provider: database.provider,
    emulatorUrl: emulator.url,
    clients,
    commerceWith,
    unlock,
    /** Whether the order owes the buyer a refund not made yet (its RefundTask is pending: lib/orders/refund-due.ts). */
    refundOwed: async (orderId: string) =>
      (await db.refundTask.findUnique({ where: { orderId }, select: { status: true } }))?.status === "pending",
    control,
    advanceClock: (ms: number) => control("POST", "/clock", { advanceMs: ms }),
    fault: (rule: FaultRuleInput) => control("POST", "/faults", rule),
    clearFaults: () => control("DELETE", "/faults"),
    counters: async () => (await control<{ counters: Record<string, number> }>("GET", "/counters")).counters,
    resetCounters: () => control("DELETE", "/counters"),
    ledger: async () => (await control<{ entries: LedgerEntry[] }>("GET", "/ledger")).entries,
    /** Debits of the shop's commerce account for one upstream order. */
    commerceDebits: async (upstreamOrderId: string | null) =>
      (await control<{ entries: LedgerEntry[] }>("GET", "/ledger")).entries.filter(
        (e) => e.api === "commerce" && e.kind === "debit" && e.reference === upstreamOrderId,
      ),
    /** EE UK airtime rates, cheapest first: [0] fails, [1] goes to manual revision, the rest fulfil (catalog README). */
    eeAirtime: async () => {
      const result = await clients.commerce.getOperatorRates(EE_UK_OPERATOR, { service_type: "airtime" });
      return [...result.rates].sort((a, b) => a.total_cost_eur - b.total_cost_eur);
    },
    /** A top-up quoted, ordered and paid, as the pages and the payment provider will do it. */
    /** `price`: the buyer's currency and the rate's own rate to it; euros by default. */
    paidTopup: async (
      priceToken: string,
      extra: Partial<QuoteInput> = {},
      price: Pick<QuoteOptions, "currency" | "exchange"> = {},
    ) => {
      const quote = await quoteCommerceOrder(
        { type: "topup", priceToken, phone: WORKING_UK_MOBILE, ...extra },
        { db, commerce: clients.commerce, mode: "credits", ...price },
      );
      const order = await createOrder(db, {
        productType: "topup",
        submissionId: randomUUID(),
        customerEmail: "buyer@example.com",
        detail: quote.detail as Prisma.InputJsonValue,
        pricing: quote.pricing,
      });
      return markPaid(db, order.id);
    },
    /** An unlock or IMEI check order, paid (their pages come later: the detail is written here). */
    paidOrder: async (productType: ProductType, detail: Prisma.InputJsonValue, totalMinor = 3000) => {
      const pricing = {
        currency: "EUR",
        amountMinor: totalMinor,
        serviceFeeMinor: 0,
        smsFeeMinor: 0,
        totalMinor,
        costMinor: totalMinor,
      };
      const order = await createOrder(db, {
        productType,
        submissionId: randomUUID(),
        customerEmail: "buyer@example.com",
        detail,
        pricing,
      });
      return markPaid(db, order.id);
    },
    /** The UpstreamConnection id of the testbed's commerce client (what webhooks and polls name). */
    commerceConnection: async () => connectionIdFor(db, await clients.commerce.connection()),
    reload: (id: string) => db.order.findUniqueOrThrow({ where: { id } }),
    events: (id: string) => db.orderEvent.findMany({ where: { orderId: id }, orderBy: { createdAt: "asc" } }),
    close: async () => {
      await emulator.close();
      await database.cleanup();
    },
  };
}

export type OrderTestbed = Awaited<ReturnType<typeof startOrderTestbed>>;

/** What the payments module does when the buyer paid: awaiting_payment → paid. */
export async function markPaid(db: DbClient, orderId: string): Promise<Order> {
  const paid = await transition(db, {
    orderId,
    from: "awaiting_payment",
    to: "paid",
    source: "buyer",
    message: "Paid (test)",
    patch: { paidAt: new Date() },
  });
  if (!paid) throw new Error(`order ${orderId} could not be marked paid`);
  return paid;
}

/** A moment `ms` from now: the worker's clock in tests that skip ahead. */
export function inFuture(ms: number): Date {
  return new Date(Date.now() + ms);
}
