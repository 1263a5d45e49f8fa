import type { UnlockAccount } from "../../core/accounts";
import type { EmulatorContext } from "../../core/context";
import type { Tool } from "../catalog/tools";
import { toolReadyMs } from "../catalog/tools";
import { refund } from "../credits";
import { plannedOutcome, type FinalStatus, type Outcome } from "./outcome";

// Unlock orders (tickets) and their time-driven progress on the emulator clock (spec section 3):
// open -> pending (the provider has it) -> available | notavailable, plus canceled and error.

export type OrderStatus = "open" | "pending" | FinalStatus;
export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(["available", "notavailable", "canceled", "error"]);
const REFUNDED_STATUSES: ReadonlySet<OrderStatus> = new Set(["notavailable", "canceled", "error"]);

/** Spec section 8: an order can be canceled within 10 minutes after placement. */
export const CANCEL_WINDOW_MS = 10 * 60_000;
/** An order moves from open to pending after 30 s (or half the tool's time when that is shorter). */
export const PENDING_AFTER_MS = 30_000;
const FIRST_TICKET_ID = 700_001;

export type UnlockOrder = {
  id: number;
  account: UnlockAccount;
  deviceId: number;
  networkId: number;
  imei: string;
  tool: Tool;
  priceMinor: number;
  createdAt: number;
  pendingAt: number;
  readyAt: number;
  outcome: Outcome;
  status: OrderStatus;
  finishedAt?: number;
  taskIds: number[];
};

/** `YYYY-MM-DD HH:MM:SS` in UTC, as section 2 shows creation_datetime. */
export function apiDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export class UnlockOrders {
  private orders = new Map<number, UnlockOrder>();
  private nextId = FIRST_TICKET_ID;

  constructor(private readonly ctx: EmulatorContext) {
    ctx.onReset(() => {
      this.orders.clear();
      this.nextId = FIRST_TICKET_ID;
    });
  }

  /** The id the next order gets, taken now so its debit can name it. */
  reserveId(): number {
    return this.nextId++;
  }

  /** Records a paid order and schedules its progress; sandbox IMEIs and "00" IMEIs end at once. */
  create(id: number, input: Pick<UnlockOrder, "account" | "deviceId" | "networkId" | "imei" | "tool" | "priceMinor">): UnlockOrder {
    const now = this.ctx.clock.now();
    const readyMs = toolReadyMs(input.tool);
    const order: UnlockOrder = {
      ...input,
      id,
      createdAt: now,
      pendingAt: now + Math.min(PENDING_AFTER_MS, readyMs / 2),
      readyAt: now + readyMs,
      outcome: plannedOutcome(input.imei),
      status: "open",
      taskIds: [],
    };
    this.orders.set(order.id, order);
    if (order.outcome.when === "creation") {
      this.finish(order, order.outcome.status);
    } else {
      for (const at of [order.pendingAt, order.readyAt]) {
        order.taskIds.push(this.ctx.scheduler.after(at - now, `unlock:order:${order.id}`, () => this.progress(order)));
      }
    }
    return order;
  }

  /** The account's order, brought up to date with the clock; undefined for others' tickets. */
  get(id: number, account: UnlockAccount): UnlockOrder | undefined {
    const order = this.orders.get(id);
    if (!order || order.account.id !== account.id) return undefined;
    this.progress(order);
    return order;
  }

  all(): UnlockOrder[] {
    return [...this.orders.values()].map((order) => (this.progress(order), order));
  }

  /** force=nowait: the order is made ready now, with its planned outcome. */
  forceReady(order: UnlockOrder): void {
    if (!FINAL_STATUSES.has(order.status)) this.finish(order, order.outcome.status);
  }

  /** Cancels within the window, or says why not. */
  cancel(order: UnlockOrder): string | null {
    if (FINAL_STATUSES.has(order.status)) return `Order ${order.id} is already ${order.status} and can no longer be canceled`;
    const minutes = CANCEL_WINDOW_MS / 60_000;
    if (this.ctx.clock.now() - order.createdAt > CANCEL_WINDOW_MS) return `Cancel window of ${minutes} minutes has passed for order ${order.id}`;
    this.finish(order, "canceled");
    return null;
  }

  /** Applies whatever transitions the clock has reached. Idempotent: reads and scheduled tasks share it. */
  private progress(order: UnlockOrder): void {
    if (FINAL_STATUSES.has(order.status)) return;
    const now = this.ctx.clock.now();
    if (now >= order.readyAt) this.finish(order, order.outcome.status);
    else if (now >= order.pendingAt) order.status = "pending";
  }

  private finish(order: UnlockOrder, status: FinalStatus): void {
    order.status = status;
    order.finishedAt = this.ctx.clock.now();
    for (const id of order.taskIds) this.ctx.scheduler.cancel(id);
    order.taskIds = [];
    if (REFUNDED_STATUSES.has(status)) {
      refund(this.ctx, order.account, order.priceMinor, `unlock:order:${order.id}`, `Order ${order.id} ${status}: refunded`);
    }
  }
}
