// Benchmark of the storefront's pages over HTTP (not a test): npm run bench:http-pages
//
// Starts the shop as `npm start` runs it (production build, embedded emulator) on its own
// port and a fresh database, warms every page, then loads each with autocannon side by side
// with a static file from /_next/static (the limit of this machine and server): requests per
// second, p99, and the server's CPU time per request (the whole process tree, from /proc), in
// BENCH_ROUNDS rounds, medians. It also counts the emulator's requests while each page runs:
// a page whose catalog data is fresh should send none. The ratios to the static file are the
// goals in docs/benchmarks.md; the machine is shared and noisy, so compare
// ratios within one run, never absolute numbers across runs. Then each page is opened
// BENCH_VIEWS times in Chromium (bench/browser-views.ts): the server CPU per real browser view
// (the document, prefetches and router requests included) and the JavaScript it loads; the
// requests of the last view are then replayed BENCH_REPLAYS times (the CPU per view with the
// server's background a small share; the goal is judged on it).
//
// knobs: BENCH_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_ROUNDS (3), BENCH_PORT (3500),
// BENCH_EMULATOR_PORT (4500), BENCH_PAGES (comma-separated paths, default: the list below),
// BENCH_VIEWS (8; 0 skips the browser views), BENCH_IDLE_SECONDS (8: the idle windows around them),
// BENCH_REPLAYS (40). The JavaScript each page loads is held to its page type's budget (JS_BUDGET_KB).
import autocannon from "autocannon";
import { splitLocale } from "@/lib/i18n/locale-routing.mjs";
import { browserView, openBrowser, replayCpuMs, type BrowserView } from "./browser-views";
import { startBenchShop, treeCpuSeconds } from "./shop-process";
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
  // Pages in Spanish come from the page cache too.
  "/es",
  "/es/topup/es",
  "/es/esim/eu",
];
/**
 * The JavaScript budget of each page type (transferred, compressed; docs/benchmarks.md): every page
 * carries the framework (React, Next.js's router) and the header's menu; a page with a purchase
 * form adds its checks as typed (libphonenumber-js for phone numbers, the IMEI and its suffixes).
 * The order page (its own budget) is measured by bench/lighthouse.ts.
 */
const JS_BUDGET_KB = { catalog: 150, "purchase form": 180 } as const;
const PURCHASE_FORM_PAGES = [/^\/topup$/, /^\/unlock\/\d+\/\d+\/\d+\/\d+\/\d+$/, /^\/imei-check$/];
const pageTypeOf = (path: string): keyof typeof JS_BUDGET_KB => {
  const { path: unprefixed } = splitLocale(path);
  return PURCHASE_FORM_PAGES.some((pattern) => pattern.test(unprefixed)) ? "purchase form" : "catalog";
};
const VIEWS = Number(process.env.BENCH_VIEWS ?? 8);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 8);
const REPLAYS = Number(process.env.BENCH_REPLAYS ?? 40);
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : DEFAULT_PAGES;

async function emulatorCounters(): Promise<Record<string, number>> {
  const response = await fetch(`${EMULATOR}/__control/counters`);
  return ((await response.json()) as { counters: Record<string, number> }).counters;
}

/** The upstream routes called between two readings of the counters, with their counts. */
function calledBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).flatMap(([route, n]) =>
      n > (before[route] ?? 0) ? [[route, n - (before[route] ?? 0)]] : [],
    ),
  );
}

type Run = {
  rps: number;
  p99: number;
  cpuMs: number;
  upstream: number;
  upstreamRoutes: Record<string, number>;
  errors: number;
};

async function load(path: string, serverPid: number): Promise<Run> {
  const cpuBefore = treeCpuSeconds(serverPid);
  const upstreamBefore = await emulatorCounters();
  // Asked as a browser asks: compressed (the server gzips every answer, static files too).
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip, deflate, br" },
  });
  const cpuAfter = treeCpuSeconds(serverPid);
  const upstreamRoutes = calledBetween(upstreamBefore, await emulatorCounters());
  const upstream = Object.values(upstreamRoutes).reduce((sum, n) => sum + n, 0);
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMs: ((cpuAfter - cpuBefore) * 1000) / requests,
    upstream,
    upstreamRoutes,
    errors: result.errors + result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const server = await startBenchShop({ port: PORT, emulatorPort: EMULATOR_PORT, dataDir: "data/bench-pages" });
  try {
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
      return {
        path,
        rps: median(r.map((x) => x.rps)),
        p99: median(r.map((x) => x.p99)),
        cpuMs: median(r.map((x) => x.cpuMs)),
        upstream: Math.max(...r.map((x) => x.upstream)),
        errors: r.reduce((n, x) => n + x.errors, 0),
      };
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
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per page, ${ROUNDS} rounds (medians), ${new Date().toISOString().slice(0, 10)}`,
    );
    console.log(
      table(
        [
          "page",
          "requests/s",
          "p99",
          "server CPU / request",
          "throughput ÷ static",
          "p99 ÷ static",
          "upstream calls (max of rounds)",
          "errors + non-2xx",
        ],
        rows,
      ),
    );
    const documentMiss = summary
      .slice(1)
      .filter((s) => s.p99 > 2 * limit.p99 || s.rps < 0.5 * limit.rps || s.cpuMs > 3 || s.upstream > 0);
    // Which supplier routes were called while a page ran (the page's catalog reads, or the
    // health probe, lib/health.ts, that a readiness check makes at most every 30 s).
    for (const [path, r] of runs)
      for (const run of r)
        if (run.upstream > 0) console.log(`upstream calls during ${path}: ${JSON.stringify(run.upstreamRoutes)}`);
    console.log(
      `goal (p99 ≤ 2× static, throughput ≥ 0.5× static, ≤ 3 ms CPU, no upstream call): ${documentMiss.length ? `MISS on ${documentMiss.map((s) => s.path).join(", ")}` : "PASS"}`,
    );
    if (VIEWS > 0) await reportBrowserViews(server.pid!);
  } finally {
    server.kill("SIGTERM");
  }
}

/** The server's CPU per second while nothing is asked of it (the order worker, the page cache's watch). */
async function idleCpuMsPerSecond(serverPid: number, seconds: number): Promise<number> {
  const before = treeCpuSeconds(serverPid);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((treeCpuSeconds(serverPid) - before) * 1000) / seconds;
}

/**
 * Each page: a warm view, then VIEWS views between two idle windows; a view's CPU is what the
 * server spent during the views beyond its idle rate (the mean of the windows just before and
 * after, as the background work, 5–15 ms/s, drifts), divided by the number of views.
 */
async function reportBrowserViews(serverPid: number): Promise<void> {
  const browser = await openBrowser();
  try {
    const rows: string[][] = [];
    let misses = 0;
    const overBudget: string[] = [];
    const idleRates: number[] = [];
    for (const path of PAGES) {
      await browserView(browser, `${BASE}${path}`, serverPid); // warm: the prefetched pages get cached too
      const idleBefore = await idleCpuMsPerSecond(serverPid, IDLE_SECONDS);
      const views: BrowserView[] = [];
      for (let i = 0; i < VIEWS; i++) views.push(await browserView(browser, `${BASE}${path}`, serverPid));
      const idleAfter = await idleCpuMsPerSecond(serverPid, IDLE_SECONDS);
      const idle = (idleBefore + idleAfter) / 2;
      idleRates.push(idle);
      const cpuMs = views.reduce((sum, v) => sum + v.cpuMs - (idle * v.elapsedMs) / 1000, 0) / views.length;
      const replayedMs = await replayCpuMs(views.at(-1)!.sent, serverPid, idle, REPLAYS);
      if (replayedMs > 10) misses++;
      const jsKb = median(views.map((v) => v.jsKb));
      const type = pageTypeOf(path);
      if (jsKb > JS_BUDGET_KB[type]) overBudget.push(path);
      rows.push([
        path,
        String(median(views.map((v) => v.requests))),
        String(median(views.map((v) => v.routerRequests))),
        String(median(views.map((v) => v.toNext))),
        `${jsKb.toFixed(0)} KB`,
        `${JS_BUDGET_KB[type]} KB (${type})`,
        ms(replayedMs),
        ms(cpuMs),
        `${idle.toFixed(1)} ms/s`,
      ]);
    }
    console.log(
      `\nbrowser views (Chromium, first visit, ${VIEWS} views per page, medians; server CPU per view: replayed, the last view's requests sent again ${REPLAYS} times, 4 at a time; in the browser, the mean beyond the idle rate measured ${IDLE_SECONDS} s before and after)`,
    );
    console.log(
      table(
        [
          "page",
          "requests to the shop",
          "of which router/prefetch",
          "of which reached Next.js",
          "JavaScript (transferred)",
          "budget",
          "server CPU / view (replayed)",
          "server CPU / view (in the browser)",
          "idle rate",
        ],
        rows,
      ),
    );
    console.log(`goal (≤ 10 ms server CPU per view): ${misses ? `MISS on ${misses} page(s)` : "PASS"}`);
    console.log(
      `goal (JavaScript within its page type's budget): ${overBudget.length ? `MISS on ${overBudget.join(", ")}` : "PASS"}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
