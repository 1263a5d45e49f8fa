import { spawn, type ChildProcess } from "node:child_process";

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

/** Signals the whole group; resolves when the group leader has exited. */
export async function stopGroup(started: Started, signal: NodeJS.Signals): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return; // already gone
  }
  await exited;
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
