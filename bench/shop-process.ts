import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100;
/** In /proc/<pid>/stat, after the command name: user and system time, in clock ticks. */
const UTIME_FIELD = 11;
const STIME_FIELD = 12;

/**
 * CPU seconds a process has run, in nanoseconds' precision: the sum of its threads' run time in
 * /proc/<pid>/task/<tid>/schedstat. /proc/<pid>/stat counts in clock ticks (10 ms), too coarse
 * for one browser view (a few ms). Null when schedstat is not there (then stat is used).
 */
function preciseCpuSeconds(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    return ns / 1e9;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of a process and all its descendants, from /proc (Linux). */
export function treeCpuSeconds(rootPid: number): number {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces: the fields after it start at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(
        Number(entry),
        preciseCpuSeconds(Number(entry)) ??
          (Number(fields[UTIME_FIELD]) + Number(fields[STIME_FIELD])) / CLOCK_TICKS_PER_SECOND,
      );
      children.set(Number(fields[1]), [...(children.get(Number(fields[1])) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read it.
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += cpu.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/**
 * Starts the shop as `npm start` runs it (scripts/e2e-server.mjs: production build, embedded
 * emulator with its controls, a fresh database in `dataDir`) and resolves once it answers.
 */
export async function startBenchShop(options: {
  port: number;
  emulatorPort: number;
  dataDir: string;
}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const shop = spawn("node", ["scripts/e2e-server.mjs"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      APP_URL: base,
      E2E_DATA_DIR: options.dataDir,
      E2E_EMULATOR_PORT: String(options.emulatorPort),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const until = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return shop;
    } catch {
      // Not listening yet (the first start builds).
    }
    if (Date.now() > until) {
      shop.kill("SIGTERM");
      throw new Error(`the shop did not answer on ${base} within 15 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
