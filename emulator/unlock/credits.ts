import type { UnlockAccount } from "../core/accounts";
import type { EmulatorContext } from "../core/context";
import type { LedgerEntry } from "../core/ledger";

// Unlock credits live in the shared ledger (api "unlock", credits x 100 minor units), so a
// reset restores every opening balance. Sandbox entries are recorded as `simulated` and move
// no credit: a sandbox account can order forever, and tests still see each movement.

export const CREDITS_CURRENCY = "credits";

export const toMinor = (credits: number) => Math.round(credits * 100);
export const formatCredits = (minor: number) => (minor / 100).toFixed(2);

export function balanceMinor(ctx: EmulatorContext, account: UnlockAccount): number {
  let balance = account.openingCreditsMinor;
  for (const entry of ctx.ledger.forAccount("unlock", account.id)) {
    if (entry.simulated) continue;
    balance += entry.kind === "debit" ? -entry.amountMinor : entry.amountMinor;
  }
  return balance;
}

function record(
  ctx: EmulatorContext,
  account: UnlockAccount,
  kind: LedgerEntry["kind"],
  amountMinor: number,
  reference: string,
  note: string,
) {
  ctx.ledger.record({
    at: ctx.isoNow(),
    api: "unlock",
    account: account.id,
    kind,
    amountMinor,
    currency: CREDITS_CURRENCY,
    reference,
    simulated: account.environment === "sandbox",
    note,
  });
}

/** Debits `amountMinor`, or answers why not (the balance is too low). */
export function debit(
  ctx: EmulatorContext,
  account: UnlockAccount,
  amountMinor: number,
  reference: string,
  note: string,
): string | null {
  const balance = balanceMinor(ctx, account);
  if (amountMinor > balance) {
    return `Insufficient credits: this costs ${formatCredits(amountMinor)} credits and the balance is ${formatCredits(balance)}`;
  }
  record(ctx, account, "debit", amountMinor, reference, note);
  return null;
}

export function refund(
  ctx: EmulatorContext,
  account: UnlockAccount,
  amountMinor: number,
  reference: string,
  note: string,
): void {
  record(ctx, account, "refund", amountMinor, reference, note);
}

/** Test control: sets the real (non-simulated) balance by recording a top-up or debit adjustment. */
export function setBalance(ctx: EmulatorContext, account: UnlockAccount, targetMinor: number): void {
  const diff = targetMinor - balanceMinor(ctx, account);
  if (diff === 0) return;
  ctx.ledger.record({
    at: ctx.isoNow(),
    api: "unlock",
    account: account.id,
    kind: diff > 0 ? "topup" : "debit",
    amountMinor: Math.abs(diff),
    currency: CREDITS_CURRENCY,
    reference: "control:set-balance",
    simulated: false,
    note: "Balance set by test control",
  });
}
