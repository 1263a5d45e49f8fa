import type { CommerceAccount } from "../../core/accounts";
import type { KeyRing } from "../../core/keys";
import type { StatePart } from "../../core/state-parts";
import { frozen, readEntries, readList, readValue, records } from "../../core/state-records";
import type { Checkout, DeliveryAttempt, EsimLine, IdempotencyRecord, Order, WebhookSubscription } from "./records";

/** All state of the order core; `reset()` (hooked to ctx.onReset) brings it back to first start. */
export class OrdersState {
  orders = new Map<string, Order>();
  /** PRO credit balances in EUR cents; an account missing here still has its opening balance. */
  balances = new Map<string, number>();
  checkouts = new Map<string, Checkout>();
  /** Keyed by `${accountId}|${environment}|${key}`. */
  idempotency = new Map<string, IdempotencyRecord>();
  /** Last preview per `${accountId}|${environment}|${body fingerprint}` (emulator ms): the documented dialect's "preview before create". */
  previews = new Map<string, number>();
  webhooks = new Map<string, WebhookSubscription>();
  /** The delivery log; attempts are frozen once logged (webhook-delivery.ts). */
  deliveries: DeliveryAttempt[] = [];
  lines = new Map<string, EsimLine>();
  /** QR ticket id → order id. */
  qrTickets = new Map<string, string>();
  /** Bumped by reset, so work that was in flight (a webhook POST) does not write into the new state. */
  generation = 0;
  private seq = 100_000;

  constructor(private readonly keys: KeyRing) {}

  /** Signs QR URLs: the emulator's key, kept across resets and restarts (old URLs stay verifiable). */
  get qrKey(): Buffer {
    return this.keys.bytes("commerce.qr-link");
  }

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
    this.previews.clear();
    this.webhooks.clear();
    this.deliveries = [];
    this.lines.clear();
    this.qrTickets.clear();
    this.seq = 100_000;
    this.generation++;
  }

  /** The state file's part: one record per order, balance, checkout, key, preview, webhook, delivery, line and QR ticket. */
  part(): StatePart {
    return {
      name: "commerce.orders",
      dump: () =>
        records()
          .value("seq", this.seq)
          .map("order:", this.orders)
          .map("balance:", this.balances)
          .map("checkout:", this.checkouts)
          .map("idempotency:", this.idempotency)
          .map("preview:", this.previews)
          .map("webhook:", this.webhooks)
          .list("delivery:", this.deliveries)
          .map("line:", this.lines)
          .map("qr:", this.qrTickets).records,
      load: (saved) => {
        this.seq = readValue<number>(saved, "seq");
        // Final orders are frozen, as settleOrder leaves them.
        this.orders = new Map(
          readEntries<Order>(saved, "order:").map(([id, order]) => [
            id,
            order.status === "fulfilled" || order.status === "failed" ? frozen(order) : order,
          ]),
        );
        this.balances = new Map(readEntries<number>(saved, "balance:"));
        this.checkouts = new Map(readEntries<Checkout>(saved, "checkout:"));
        this.idempotency = new Map(readEntries<IdempotencyRecord>(saved, "idempotency:"));
        this.previews = new Map(readEntries<number>(saved, "preview:"));
        this.webhooks = new Map(readEntries<WebhookSubscription>(saved, "webhook:"));
        this.deliveries = readList<DeliveryAttempt>(saved, "delivery:").map(frozen);
        this.lines = new Map(readEntries<EsimLine>(saved, "line:"));
        this.qrTickets = new Map(readEntries<string>(saved, "qr:"));
      },
    };
  }
}
