import { randomBytes } from "node:crypto";
import type { CommerceAccount } from "../../core/accounts";
import type { Checkout, DeliveryAttempt, EsimLine, IdempotencyRecord, Order, WebhookSubscription } from "./records";

/** All state of the order core; `reset()` (hooked to ctx.onReset) brings it back to first start. */
export class OrdersState {
  orders = new Map<string, Order>();
  /** PRO credit balances in EUR cents; an account missing here still has its opening balance. */
  balances = new Map<string, number>();
  checkouts = new Map<string, Checkout>();
  /** Keyed by `${accountId}|${environment}|${key}`. */
  idempotency = new Map<string, IdempotencyRecord>();
  webhooks = new Map<string, WebhookSubscription>();
  deliveries: DeliveryAttempt[] = [];
  lines = new Map<string, EsimLine>();
  /** QR ticket id → order id. */
  qrTickets = new Map<string, string>();
  /** Signs QR URLs; kept across resets (old URLs stay verifiable, their tickets are gone). */
  readonly qrKey = randomBytes(32);
  /** Bumped by reset, so work that was in flight (a webhook POST) does not write into the new state. */
  generation = 0;
  private seq = 100_000;

  nextSeq(): number {
    return ++this.seq;
  }

  balanceOf(account: CommerceAccount): number {
    return this.balances.get(account.id) ?? account.openingBalanceMinor;
  }

  reset(): void {
    this.orders.clear();
    this.balances.clear();
    this.checkouts.clear();
    this.idempotency.clear();
    this.webhooks.clear();
    this.deliveries = [];
    this.lines.clear();
    this.qrTickets.clear();
    this.seq = 100_000;
    this.generation++;
  }
}
