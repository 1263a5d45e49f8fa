import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH, call } from "../commerce/orders/test-support/harness";
import { freePort, realOrderBodies, tempStateFile, unlock } from "./test-support";

// Durable before answered, with a real crash: `tsx emulator/server.ts` on a state file,
// orders fired at it, SIGKILL the moment enough answers are in (others still in flight),
// then a new process on the same file must know every order it answered.
// tsx runs the server in a node child of its own and cannot pass SIGKILL on, so each server
// gets its own process group and the whole group is killed, as a crash would take it.

const state = tempStateFile();
const children: ChildProcess[] = [];
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
};
afterAll(() => {
  for (const child of children) killGroup(child, "SIGKILL");
  state.remove();
});

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn("node_modules/.bin/tsx", ["emulator/server.ts"], {
    env: { ...process.env, EMULATOR_PORT: String(port), EMULATOR_STATE_FILE: state.file },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  children.push(child);
  // server.ts prints its address once it listens.
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("Emulator listening") && resolve());
    child.once("exit", (code) => reject(new Error(`emulator exited early (code ${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Resolves once the child and every process of its group are gone. */
async function gone(child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
  }
  throw new Error(`process group ${child.pid} still alive`);
}

describe("state file: kill -9 right after answers", () => {
  it(
    "a restarted process finds every commerce order and unlock ticket it answered before SIGKILL",
    { timeout: 30_000 },
    async () => {
      const started = Date.now();
      const first = await startServer();
      const bodies = await realOrderBodies(first.url);

      // Twelve creates at once; the kill comes as soon as ten have answered (unlock creates take
      // 50–200 ms, so some of them are still in flight then).
      const orders: string[] = [];
      const tickets: number[] = [];
      let answered = 0;
      let kill: () => void = () => {};
      const enough = new Promise<void>((resolve) => (kill = resolve));
      const counted = <T>(promise: Promise<T>) =>
        promise.then((value) => {
          if (++answered === 10) kill();
          return value;
        });
      const creates = [
        ...[
          bodies.topup,
          bodies.giftcard,
          bodies.esim,
          bodies.topup,
          bodies.giftcard,
          bodies.topup,
          bodies.topup,
          bodies.giftcard,
        ].map((body) =>
          counted(call(first.url, "POST", "/v2/orders", { auth: AUTH.shopLive, body })).then(
            (res) => res.status === 201 && orders.push(res.body.data.order_id as string),
          ),
        ),
        ...[1, 2, 3, 4].map(() => counted(unlock(first.url).createOrder()).then((ticket) => tickets.push(ticket))),
      ];
      await enough;
      killGroup(first.child, "SIGKILL");
      await Promise.allSettled(creates);
      await gone(first.child);
      expect(orders.length + tickets.length).toBeGreaterThanOrEqual(10);
      expect(tickets.length).toBeGreaterThan(0);

      const second = await startServer();
      for (const id of orders) {
        const res = await call(second.url, "GET", `/v2/orders/${id}`, { auth: AUTH.shopLive });
        expect(res.status, `order ${id} answered before the kill`).toBe(200);
      }
      for (const ticket of tickets)
        expect(await unlock(second.url).status(ticket), `ticket ${ticket} answered before the kill`).not.toBeNull();
      killGroup(second.child, "SIGTERM");
      await gone(second.child);
      expect(Date.now() - started).toBeLessThan(20_000);
    },
  );
});
