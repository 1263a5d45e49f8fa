import { describe, expect, it } from "vitest";
import { Clock } from "./clock";
import { Scheduler, taskKind } from "./scheduler";
import type { StateRecords } from "./state-parts";

// Serializable tasks: what a state file saves of the scheduler, and how a new process
// resumes it (emulator/persistence). The API-level proof is in emulator/persistence/*.test.ts.

const PING = taskKind<{ n: number }>("test.ping");
/** Records through JSON, as the state file stores them. */
const roundTrip = (records: StateRecords): StateRecords =>
  new Map([...records].map(([key, value]) => [key, JSON.parse(JSON.stringify(value)) as unknown]));
const taskLabels = (records: StateRecords) =>
  [...records].filter(([key]) => key.startsWith("task:")).map(([, task]) => (task as { label: string }).label);

function scheduler(offsetMs = 0) {
  const clock = new Clock();
  clock.setOffset(offsetMs);
  const ran: number[] = [];
  const s = new Scheduler(clock, 10);
  s.handle(PING, ({ n }) => void ran.push(n));
  return { clock, s, ran };
}

describe("scheduler: tasks as data", () => {
  it("a task that fell due while the emulator was down runs at the first tick after start, without moving the clock", async () => {
    const before = scheduler();
    before.s.after(1_000, PING, { n: 1 }, "ping 1");
    before.s.after(60_000, PING, { n: 2 }, "ping 2");
    const saved = roundTrip(before.s.dump());

    // Five seconds later (the clock offset stands for the time the emulator was down).
    const after = scheduler(5_000);
    after.s.load(saved);
    after.s.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    after.s.stop();
    expect(after.ran).toEqual([1]);
    expect(after.s.pending().map((t) => t.label)).toEqual(["ping 2"]);
  });

  it("a running task stays saved until it finished, so a crash in the middle runs it again", async () => {
    const { s } = scheduler();
    const SLOW = taskKind<{ n: number }>("test.slow");
    let release: () => void = () => {};
    s.handle(SLOW, () => new Promise<void>((resolve) => (release = resolve)));
    s.after(0, SLOW, { n: 1 }, "slow");
    const round = s.runDue();
    await new Promise((resolve) => setImmediate(resolve));
    expect(taskLabels(roundTrip(s.dump()))).toEqual(["slow"]);
    release();
    expect(await round).toBe(1);
    expect(taskLabels(s.dump())).toEqual([]);
  });

  it("a task cancelled by an earlier task of the same round does not run; onTaskDone follows every task", async () => {
    const { s, ran } = scheduler();
    const CANCEL = taskKind<{ id: number }>("test.cancel");
    s.handle(CANCEL, ({ id }) => s.cancel(id));
    // Ids are sequential: the cancel task (id 1, due first) cancels the ping (id 2).
    s.after(0, CANCEL, { id: 2 }, "cancel");
    expect(s.after(0, PING, { n: 7 }, "ping 7")).toBe(2);
    let done = 0;
    s.onTaskDone(() => done++);
    expect(await s.runDue()).toBe(1);
    expect(ran).toEqual([]);
    expect(done).toBe(1);
  });
});
