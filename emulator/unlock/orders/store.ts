import { UNLOCK_ACCOUNTS, type UnlockAccount } from "../../core/accounts";
import type { EmulatorContext } from "../../core/context";
import { taskKind } from "../../core/scheduler";
import type { StateRecords } from "../../core/state-parts";
import { readEntries, readValue, records } from "../../core/state-records";
import type { Tool } from "../catalog/tools";
import { toolReadyMs } from "../catalog/tools";
import { refund } from "../credits";
import { sandboxImeisForced } from "../dialect";
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

/** Moves a ticket on when its pending or ready time comes (a task, so it survives a restart). */
const PROGRESS = taskKind<{ ticketId: number }>("unlock.order-progress");

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

/** A saved ticket names its account by id. */
type SavedOrder = Omit<UnlockOrder, "account"> & { accountId: string };

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
    ctx.scheduler.handle(PROGRESS, ({ ticketId }) => {
      const order = this.orders.get(ticketId);
      if (order) this.progress(order);
    });
    ctx.parts.register({ name: "unlock.orders", dump: () => this.dump(), load: (saved) => this.load(saved) });
  }

  /** The id the next order gets, taken now so its debit can name it. */
  reserveId(): number {
    return this.nextId++;
  }

  /** Records a paid order and schedules its progress; sandbox IMEIs and "00" IMEIs end at once. */
  create(
    id: number,
    input: Pick<UnlockOrder, "account" | "deviceId" | "networkId" | "imei" | "tool" | "priceMinor">,
  ): UnlockOrder {
    const now = this.ctx.clock.now();
    const readyMs = toolReadyMs(input.tool);
    const order: UnlockOrder = {
      ...input,
      id,
      createdAt: now,
      pendingAt: now + Math.min(PENDING_AFTER_MS, readyMs / 2),
      readyAt: now + readyMs,
      outcome: plannedOutcome(input.imei, sandboxImeisForced(this.ctx, input.account)),
      status: "open",
      taskIds: [],
    };
    this.orders.set(order.id, order);
    if (order.outcome.when === "creation") {
      this.finish(order, order.outcome.status);
    } else {
      for (const at of [order.pendingAt, order.readyAt]) {
        order.taskIds.push(
          this.ctx.scheduler.after(at - now, PROGRESS, { ticketId: order.id }, `unlock:order:${order.id}`),
        );
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
    if (FINAL_STATUSES.has(order.status))
      return `Order ${order.id} is already ${order.status} and can no longer be canceled`;
    const minutes = CANCEL_WINDOW_MS / 60_000;
    if (this.ctx.clock.now() - order.createdAt > CANCEL_WINDOW_MS)
      return `Cancel window of ${minutes} minutes has passed for order ${order.id}`;
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

  /** The state file's part: the next ticket id and one record per ticket. */
  private dump(): StateRecords {
    const saved = new Map(
      [...this.orders].map(([id, { account, ...rest }]): [number, SavedOrder] => [
        id,
        { ...rest, accountId: account.id },
      ]),
    );
    return records().value("nextId", this.nextId).map("ticket:", saved).records;
  }

  private load(saved: StateRecords): void {
    this.nextId = readValue<number>(saved, "nextId");
    this.orders = new Map(
      readEntries<SavedOrder>(saved, "ticket:").map(([, { accountId, ...rest }]) => {
        const account = UNLOCK_ACCOUNTS.find((a) => a.id === accountId);
        if (!account) throw new Error(`saved unlock ticket ${rest.id} names an unknown account ${accountId}`);
        return [rest.id, { ...rest, account }];
      }),
    );
  }

  private finish(order: UnlockOrder, status: FinalStatus): void {
    order.status = status;
    order.finishedAt = this.ctx.clock.now();
    for (const id of order.taskIds) this.ctx.scheduler.cancel(id);
    order.taskIds = [];
    if (REFUNDED_STATUSES.has(status)) {
      refund(
        this.ctx,
        order.account,
        order.priceMinor,
        `unlock:order:${order.id}`,
        `Order ${order.id} ${status}: refunded`,
      );
    }
  }
}
