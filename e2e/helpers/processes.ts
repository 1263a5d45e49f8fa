import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";

// Processes a test starts and stops itself (the crash test kills an app and starts it again).
// Each is started in its own process group, so one signal reaches it and its children (the
// start script, next start) and nothing else; only ever by the pid this module started.

export type Started = { child: ChildProcess; output: () => string };

/**
 * `env` is laid over this process's environment; a variable given as undefined is removed.
 * `keepChars`: how much of the latest output to keep (a test that scans the logs keeps it all).
 */
export function startGroup(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  keepChars = 20_000,
): Started {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepChars);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

/**
 * Signals the whole group; resolves when the group leader has exited. A group still there after
 * `killAfterMs` (a graceful stop takes at most STOP_GRACE_MS plus the start script's own wait,
 * scripts/start.ts) is killed, so no stop waits longer than that.
 */
export async function stopGroup(started: Started, signal: NodeJS.Signals, killAfterMs = 45_000): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-pid, signal);
  } catch {
    return; // already gone
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), killAfterMs);
  });
  const outcome = await Promise.race([exited, deadline]);
  clearTimeout(timer);
  if (outcome === "late") {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
    await exited;
  }
}

export async function waitForUrl(url: string, started: Started, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      throw new Error(`process exited (${started.child.exitCode}) before ${url} answered:\n${started.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${started.output()}`);
}

/**
 * Fails at once when something already listens on one of `ports` (a shop left over from an
 * interrupted run): a shop started there could not bind, and the old one would answer for it.
 */
export async function expectPortsFree(...ports: number[]): Promise<void> {
  for (const port of ports) {
    const inUse = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (inUse) throw new Error(`port ${port} is already in use (a shop left over from an interrupted run?)`);
  }
}
