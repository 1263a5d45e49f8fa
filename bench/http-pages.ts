// Benchmark of the storefront's pages over HTTP (not a test): npm run bench:http-pages
//
// Starts the shop as `npm start` runs it (production build, embedded emulator) on its own
// port and a fresh database, warms every page, then loads each with autocannon side by side
// with a static file from /_next/static (the limit of this machine and server): requests per
// second, p99, and the server's CPU time per request (the whole process tree, from /proc), in
// BENCH_ROUNDS rounds, medians. It also counts the emulator's requests while each page runs:
// a page whose catalog data is fresh should send none. The ratios to the static file are the
// goals of issue [13] (docs/benchmarks.md); the machine is shared and noisy, so compare
// ratios within one run, never absolute numbers across runs.
//
// knobs: BENCH_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3), BENCH_PORT (3500),
// BENCH_EMULATOR_PORT (4500), BENCH_PAGES (comma-separated paths, default: the list below)
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { ms, table } from "./stats";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3500);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4500);
const BASE = `http://127.0.0.1:${PORT}`;
const EMULATOR = `http://127.0.0.1:${EMULATOR_PORT}`;

const DEFAULT_PAGES = [
  "/",
  "/topup",
  "/topup/es",
  "/esim",
  "/esim/eu",
  "/esim/eu/eu-3gb-15d",
  "/giftcards",
  "/giftcards/gb",
  "/giftcards/gb/steam",
  "/unlock",
  "/unlock/1/1015/826/234030",
  "/unlock/1/1015/826/234030/1",
  "/imei-check",
];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : DEFAULT_PAGES;

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of a process and all its descendants, from /proc. */
function treeCpuSeconds(rootPid: number): number {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces: the fields after it start at the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const parent = Number(fields[1]);
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
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

async function emulatorRequests(): Promise<number> {
  const response = await fetch(`${EMULATOR}/__control/counters`);
  const { counters } = (await response.json()) as { counters: Record<string, number> };
  return Object.values(counters).reduce((sum, n) => sum + n, 0);
}

async function waitForShop(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).status < 500) return;
    } catch {
      // Not listening yet (the first start builds).
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the shop did not answer on ${BASE} within ${timeoutMs / 1000} s`);
}

type Run = { rps: number; p99: number; cpuMs: number; upstream: number; errors: number };

async function load(path: string, serverPid: number): Promise<Run> {
  const cpuBefore = treeCpuSeconds(serverPid);
  const upstreamBefore = await emulatorRequests();
  const result = await autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration: SECONDS });
  const cpuAfter = treeCpuSeconds(serverPid);
  const upstream = (await emulatorRequests()) - upstreamBefore;
  const requests = Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, cpuMs: ((cpuAfter - cpuBefore) * 1000) / requests, upstream, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const server = spawn("node", ["scripts/e2e-server.mjs"], {
    env: { ...process.env, PORT: String(PORT), APP_URL: BASE, E2E_DATA_DIR: "data/bench-pages", E2E_EMULATOR_PORT: String(EMULATOR_PORT), LOG_LEVEL: "error" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForShop(15 * 60_000);
    const home = await (await fetch(`${BASE}/`)).text();
    const css = /\/_next\/static\/[^"']+\.css/.exec(home)?.[0];
    if (!css) throw new Error("no stylesheet under /_next/static on the home page");
    const targets = [css, ...PAGES];
    // Warm: every page once with its catalog reads (they fill the catalog cache), then again.
    for (let i = 0; i < 2; i++) for (const path of targets) await (await fetch(`${BASE}${path}`)).arrayBuffer();

    const runs = new Map<string, Run[]>(targets.map((path) => [path, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of targets) runs.get(path)!.push(await load(path, server.pid!));
      console.log(`round ${round}/${ROUNDS} done`);
    }

    const summary = targets.map((path) => {
      const r = runs.get(path)!;
      return { path, rps: median(r.map((x) => x.rps)), p99: median(r.map((x) => x.p99)), cpuMs: median(r.map((x) => x.cpuMs)), upstream: Math.max(...r.map((x) => x.upstream)), errors: r.reduce((n, x) => n + x.errors, 0) };
    });
    const limit = summary[0]!;
    const rows = summary.map((s, i) => [
      i === 0 ? "static CSS (the limit)" : s.path,
      s.rps.toFixed(0),
      `${s.p99.toFixed(0)} ms`,
      ms(s.cpuMs),
      i === 0 ? "1" : (s.rps / limit.rps).toFixed(2),
      i === 0 ? "1" : (s.p99 / Math.max(1, limit.p99)).toFixed(1),
      String(s.upstream),
      String(s.errors),
    ]);
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per page, ${ROUNDS} rounds (medians), ${new Date().toISOString().slice(0, 10)}`);
    console.log(table(["page", "requests/s", "p99", "server CPU / request", "throughput ÷ static", "p99 ÷ static", "upstream calls (max of rounds)", "errors + non-2xx"], rows));
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
