import type { Clock } from "./clock";
import type { StateRecords } from "./state-parts";
import { frozen, readEntries, readValue, records } from "./state-records";

// Background work (fulfillment, unlock progress, webhook retries) as tasks due at a clock
// time. A timer runs due tasks every tick; advancing the clock makes tasks due at once.
//
// A task is data, not a closure: a kind and a JSON payload. The module that owns a kind
// registers its handler once (`handle`), so tasks can be saved with the rest of the state
// and resumed by a new process; one that fell due while the emulator was down runs at the
// first tick. A task stays listed (and saved) until its handler has finished, so a crash in
// the middle runs it again after the restart: handlers must tolerate that (they re-check
// the state they act on; a webhook may be delivered twice, as webhooks may anyway).

/** A kind of task with the payload its handler takes. Create with `taskKind`. */
export type TaskKind<P> = { readonly name: string; readonly payload?: P };

export function taskKind<P>(name: string): TaskKind<P> {
  return { name };
}

type Task = { id: number; dueAt: number; kind: string; payload: unknown; label: string };
type Handler = (payload: never) => void | Promise<void>;

export class Scheduler {
  private tasks: Task[] = [];
  private nextId = 1;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly handlers = new Map<string, Handler>();
  private readonly taskDone: Array<() => void> = [];

  constructor(
    private readonly clock: Clock,
    private readonly tickMs = 100,
  ) {}

  /** Registers the handler of a kind (once per emulator). */
  handle<P>(kind: TaskKind<P>, run: (payload: P) => void | Promise<void>): void {
    if (this.handlers.has(kind.name)) throw new Error(`task kind "${kind.name}" already has a handler`);
    this.handlers.set(kind.name, run as Handler);
  }

  /** Runs the kind's handler with `payload` once the clock reaches now + delayMs. */
  after<P>(delayMs: number, kind: TaskKind<P>, payload: P, label: string): number {
    const id = this.nextId++;
    // Frozen: a task never changes once scheduled (the state file serialises it once).
    this.tasks.push(frozen({ id, dueAt: this.clock.now() + Math.max(0, delayMs), kind: kind.name, payload, label }));
    return id;
  }

  cancel(id: number): void {
    this.tasks = this.tasks.filter((t) => t.id !== id);
  }

  /** Called after every task that ran (the persister saves there, before the next task talks to anyone). */
  onTaskDone(listener: () => void): void {
    this.taskDone.push(listener);
  }

  /** Runs every task that is due, including tasks that running ones schedule as due. */
  async runDue(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let ran = 0;
    try {
      for (;;) {
        const now = this.clock.now();
        const due = this.tasks.filter((t) => t.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
        if (due.length === 0) return ran;
        for (const task of due) {
          // An earlier task of this round (or a reset) may have cancelled it.
          if (!this.tasks.includes(task)) continue;
          ran++;
          await this.run(task);
          this.tasks = this.tasks.filter((t) => t !== task);
          for (const listener of this.taskDone) listener();
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async run(task: Task): Promise<void> {
    const handler = this.handlers.get(task.kind);
    try {
      if (!handler) throw new Error(`no handler for task kind "${task.kind}"`);
      await handler(task.payload as never);
    } catch (error) {
      console.error(`[emulator] background task ${task.label} failed:`, error);
    }
  }

  pending(): Array<{ label: string; dueAt: string }> {
    return this.tasks.map((t) => ({ label: t.label, dueAt: new Date(t.dueAt).toISOString() }));
  }

  start(): void {
    this.timer ??= setInterval(() => void this.runDue(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reset: no tasks, ids from 1 again (as on a first start). */
  clear(): void {
    this.tasks = [];
    this.nextId = 1;
  }

  /** The state file's records: the id counter and one record per task (running ones included). */
  dump(): StateRecords {
    return records()
      .value("nextId", this.nextId)
      .map("task:", new Map(this.tasks.map((t) => [t.id, t]))).records;
  }

  load(saved: StateRecords): void {
    this.nextId = readValue<number>(saved, "nextId");
    this.tasks = readEntries<Task>(saved, "task:").map(([, task]) => frozen(task));
  }
}
