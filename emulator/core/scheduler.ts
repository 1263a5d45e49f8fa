import type { Clock } from "./clock";

// Background work (fulfillment, unlock progress, webhook retries) as tasks due at a clock
// time. A timer runs due tasks every tick; advancing the clock makes tasks due at once.
type Task = { id: number; dueAt: number; label: string; run: () => void | Promise<void> };

export class Scheduler {
  private tasks: Task[] = [];
  private nextId = 1;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly clock: Clock, private readonly tickMs = 100) {}

  /** Runs `run` once the clock reaches now + delayMs. */
  after(delayMs: number, label: string, run: Task["run"]): number {
    const id = this.nextId++;
    this.tasks.push({ id, dueAt: this.clock.now() + Math.max(0, delayMs), label, run });
    return id;
  }

  cancel(id: number): void {
    this.tasks = this.tasks.filter((t) => t.id !== id);
  }

  /** Runs every task that is due, including tasks that running ones schedule as due. */
  async runDue(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let ran = 0;
    try {
      for (;;) {
        const now = this.clock.now();
        const due = this.tasks.filter((t) => t.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
        if (due.length === 0) return ran;
        this.tasks = this.tasks.filter((t) => t.dueAt > now);
        for (const task of due) {
          ran++;
          try {
            await task.run();
          } catch (error) {
            console.error(`[emulator] background task ${task.label} failed:`, error);
          }
        }
      }
    } finally {
      this.running = false;
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

  clear(): void {
    this.tasks = [];
  }
}
