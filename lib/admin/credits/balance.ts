import type { CommerceClient } from "@/lib/upstream/commerce/client";
import type { DbClient } from "@/lib/db/create-client";
import { getLowBalanceThreshold, isLowBalance, type Threshold } from "./threshold";

// The commerce credit balance, read live (docs/admin.md: balance is never cached). The unlocking
// API has no balance endpoint (its spec only prices tools in credits), so no unlock balance
// is shown anywhere.

export type BalanceMovement = {
  id: string;
  amountMinor: number;
  currency: string;
  type: string | null;
  orderId: string | null;
  balanceAfterMinor: number | null;
  description: string | null;
  createdAt: string | null;
  simulated: boolean;
};

export type CreditStatus = {
  amountMinor: number;
  currency: string;
  environment: string | null;
  threshold: Threshold | null;
  low: boolean;
};

type BalanceClient = Pick<CommerceClient, "getBalance" | "getBalanceHistory">;

export async function creditStatus(
  db: DbClient,
  client: BalanceClient,
  options: { timeoutMs?: number } = {},
): Promise<CreditStatus> {
  const [balance, threshold] = await Promise.all([
    client.getBalance(
      options.timeoutMs
        ? { timeoutMs: options.timeoutMs, policy: { maxAttempts: 1, maxRateLimitWaitMs: 0 } }
        : undefined,
    ),
    getLowBalanceThreshold(db),
  ]);
  const status = {
    amountMinor: balance.balance,
    currency: balance.currency.toUpperCase(),
    environment: balance.environment ?? null,
  };
  return { ...status, threshold, low: isLowBalance(status, threshold) };
}

export async function balanceHistory(
  client: BalanceClient,
  cursor?: string,
): Promise<{ rows: BalanceMovement[]; nextCursor: string | null }> {
  const page = await client.getBalanceHistory({ limit: 50, cursor });
  return {
    rows: page.items.map((t) => ({
      id: t.id,
      amountMinor: t.amount,
      currency: (t.currency ?? "EUR").toUpperCase(),
      type: t.type ?? null,
      orderId: t.order_id ?? null,
      balanceAfterMinor: t.balance_after ?? null,
      description: t.description ?? null,
      createdAt: t.created_at ?? null,
      simulated: t.simulated ?? false,
    })),
    nextCursor: page.hasMore ? page.cursor : null,
  };
}
