import type { CommerceAccount, Environment } from "../../core/accounts";
import type { LedgerEntry } from "../../core/ledger";
import type { OrdersDeps } from "./deps";
import { ORDER_CURRENCY } from "./money";

// PRO credit movements. Production (live_) keys move the balance; sandbox (test_) keys only
// record a `simulated: true` ledger entry. Every movement goes to ctx.ledger (api "commerce").

function record(deps: OrdersDeps, entry: Omit<LedgerEntry, "at" | "api" | "currency">): void {
  deps.ctx.ledger.record({ at: deps.ctx.isoNow(), api: "commerce", currency: ORDER_CURRENCY, ...entry });
}

/** Debits at once; the caller has checked the balance (production) beforehand. */
export function debitCredits(
  deps: OrdersDeps,
  account: CommerceAccount,
  environment: Environment,
  amountMinor: number,
  reference: string,
): void {
  const simulated = environment === "sandbox";
  if (!simulated) deps.state.balances.set(account.id, deps.state.balanceOf(account) - amountMinor);
  record(deps, {
    account: account.id,
    kind: "debit",
    amountMinor,
    reference,
    simulated,
    note: simulated ? "sandbox order: no credit moved" : undefined,
  });
}

/** Gives back what an order debited (failed fulfillment). */
export function refundCredits(
  deps: OrdersDeps,
  account: CommerceAccount,
  environment: Environment,
  amountMinor: number,
  reference: string,
): void {
  const simulated = environment === "sandbox";
  if (!simulated) deps.state.balances.set(account.id, deps.state.balanceOf(account) + amountMinor);
  record(deps, { account: account.id, kind: "refund", amountMinor, reference, simulated, note: "fulfillment failed" });
}

/** Control route: sets a balance, recording the difference as a top-up (or a debit when lower). */
export function setBalance(deps: OrdersDeps, account: CommerceAccount, balanceMinor: number): void {
  const delta = balanceMinor - deps.state.balanceOf(account);
  deps.state.balances.set(account.id, balanceMinor);
  if (delta !== 0) {
    record(deps, {
      account: account.id,
      kind: delta > 0 ? "topup" : "debit",
      amountMinor: Math.abs(delta),
      reference: "control",
      simulated: false,
      note: "set by /__control/commerce/balances",
    });
  }
}

export type HistoryRow = LedgerEntry & { index: number; balanceAfterMinor: number };

/** The account's commerce ledger in order, each row with the balance after it. */
export function creditHistory(deps: OrdersDeps, account: CommerceAccount): HistoryRow[] {
  let balance = account.openingBalanceMinor;
  return deps.ctx.ledger.forAccount("commerce", account.id).map((entry, index) => {
    if (!entry.simulated) balance += entry.kind === "debit" ? -entry.amountMinor : entry.amountMinor;
    return { ...entry, index, balanceAfterMinor: balance };
  });
}
