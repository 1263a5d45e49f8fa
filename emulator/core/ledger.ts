import { frozen } from "./state-records";

// Every credit movement on every account of both APIs, in minor units (commerce: EUR
// cents; unlock: credits x 100). Tests read it to prove "exactly one debit". Entries are
// frozen: a movement is never edited, and the state file then serialises each one once.
export type LedgerEntry = {
  at: string;
  api: "commerce" | "unlock";
  account: string;
  kind: "debit" | "refund" | "topup";
  amountMinor: number;
  currency: string;
  reference: string;
  /** Sandbox (test_) orders are recorded but move no credit. */
  simulated: boolean;
  note?: string;
};

export class Ledger {
  entries: LedgerEntry[] = [];

  record(entry: LedgerEntry): void {
    this.entries.push(frozen(entry));
  }

  forAccount(api: LedgerEntry["api"], account: string): LedgerEntry[] {
    return this.entries.filter((e) => e.api === api && e.account === account);
  }

  clear(): void {
    this.entries = [];
  }
}
