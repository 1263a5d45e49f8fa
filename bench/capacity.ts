// The capacity model (not a test): npm run bench:capacity
// Needs TEST_POSTGRES_URL (a PostgreSQL role that may create a database), as the scale-out test.
//
// One run measures everything the model in docs/deploy.md "Capacity" is built from:
// 1. The scale-out test (e2e/scale-out/: 60 browser purchases of all five products through three
//    instances and a worker, with kills) writes what the supplier counted: the calls one order
//    of each kind costs (previews, creates, status checks) and the catalog reads.
// 2. The same deployment again (e2e/scale-out/cluster.ts, a fresh database): catalog pages under
//    autocannon against one instance (requests per second per instance, CPU per request) and
//    through the proxy over all three, beside a static file (this machine's limit); then signed
//    webhook deliveries to one instance and through the proxy (durable receipts per second on
//    PostgreSQL, and how fast they are processed).
// 3. From those: orders per minute the supplier's request budget allows per API (500 a minute,
//    split by lib/upstream/budget/db-budget.ts: catalog ≤ 60 %, buyers' previews ≤ 20 %, orders
//    and status checks the rest and never less than 20 %).
// Everything here (three instances, the worker, PostgreSQL, the emulator, the load generator and
// the proxy) shares one machine: the numbers are per this machine, dated.
//
// knobs: BENCH_SECONDS (10 per page), BENCH_CONNECTIONS (50), BENCH_DELIVERIES (3000),
// BENCH_PORT (3800: the cluster's base port), SCALE_OUT_PORT (3700), BENCH_SKIP_SCALE_OUT=1
// (reuse data/capacity/scale-out.json from an earlier run of step 1), BENCH_MODEL_ONLY=1 (print
// only step 3, from that file)
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import pg from "pg";
// The scale-out test's deployment, started the same way here (the bench measures what it tests).
import { startCluster, type Cluster } from "../e2e/scale-out/cluster";
import {
  DEFAULT_BUDGET_PER_MINUTE,
  DEFAULT_CATALOG_SHARE,
  DEFAULT_PREVIEW_SHARE,
} from "../lib/upstream/budget/db-budget";
import { treeCpuSeconds } from "./shop-process";
import { ms, table } from "./stats";
import { deliveries, fire, openSealed, WEBHOOK_SECRET_SETTING, type LoadRun } from "./webhook-load";

const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 3_000);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3800);
const DIR = "data/capacity";
const REPORT = `${DIR}/scale-out.json`;

/** One page of each catalog kind, and the order form's entry pages. */
const PAGES = [
  "/",
  "/topup/es",
  "/esim/eu",
  "/esim/eu/eu-3gb-15d",
  "/giftcards/gb/steam",
  "/unlock/1/1015/826/234030",
  "/imei-check",
];

type ScaleOutReport = {
  finishedAt: string;
  buyingMs: number;
  floodPreviews: number;
  byProduct: Record<string, number>;
  supplierCalls: Record<string, number>;
  rateLimits: Record<string, { limit: number; peakPerMinute: number }>;
};

async function runScaleOutTest(): Promise<void> {
  const child = spawn("node_modules/.bin/playwright", ["test", "-c", "playwright.scale-out.config.ts"], {
    env: { ...process.env, SCALE_OUT_REPORT: REPORT, SCALE_OUT_PORT: process.env.SCALE_OUT_PORT ?? "3700" },
    stdio: "inherit",
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`the scale-out test failed (exit ${code}): no model from a failed run`);
}

// --- 1. What one order costs at the supplier -------------------------------------------------

type CallClass = "catalog" | "preview" | "order" | "status" | "other";
type Api = "commerce" | "unlock";

/** The supplier's routes by API and budget class (lib/upstream: each endpoint's `priority`). */
function classify(route: string): { api: Api; kind: CallClass } | null {
  const [method, path = ""] = route.split(" ");
  // Catalog images (each instance keeps its own copies) and the emulator's test controls: not the shop's budgeted traffic.
  if (path.startsWith("/__control") || /\.(png|jpe?g|svg|webp)$/.test(path)) return null;
  if (path.startsWith("/v2/") || path.startsWith("/oauth")) {
    if (route === "POST /v2/orders/preview") return { api: "commerce", kind: "preview" };
    if (route === "POST /v2/orders") return { api: "commerce", kind: "order" };
    if (path.startsWith("/v2/orders/")) return { api: "commerce", kind: "status" };
    // The health probe (/v2/status), each instance's check of its webhook subscription, the balance: not per order.
    if (
      path === "/v2/status" ||
      path.startsWith("/v2/webhooks") ||
      path.startsWith("/v2/account") ||
      path.startsWith("/oauth")
    )
      return { api: "commerce", kind: "other" };
    if (method === "GET") return { api: "commerce", kind: "catalog" };
    return { api: "commerce", kind: "other" };
  }
  // /countries is also the health probe's question (lib/health.ts): counted as catalog here.
  if (/^\/(countries|networks|brands|devices|tools)(\/|$)/.test(path)) return { api: "unlock", kind: "catalog" };
  if (/^\/(create_order|imeicheck)\//.test(path)) return { api: "unlock", kind: "order" };
  if (/^\/(check_order_status|retrieve_order_instructions|update_order|cancel_order)\//.test(path))
    return { api: "unlock", kind: "status" };
  return { api: "unlock", kind: "other" };
}

function callsByClass(report: ScaleOutReport): Record<Api, Record<CallClass, number>> {
  const zero = () => ({ catalog: 0, preview: 0, order: 0, status: 0, other: 0 });
  const out: Record<Api, Record<CallClass, number>> = { commerce: zero(), unlock: zero() };
  for (const [route, n] of Object.entries(report.supplierCalls)) {
    const c = classify(route);
    if (c) out[c.api][c.kind] += n;
  }
  return out;
}

// --- 2. Pages and webhooks on the deployment --------------------------------------------------

type PageRun = { rps: number; p99: number; cpuMs: number; errors: number };

async function loadPage(url: string, pids: number[]): Promise<PageRun> {
  const cpu = () => pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);
  const before = cpu();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip, deflate, br" },
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMs: ((cpu() - before) * 1000) / Math.max(1, result.requests.total),
    errors: result.errors + result.non2xx,
  };
}

async function sql<T>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function webhookSecret(cluster: Cluster): Promise<string> {
  const until = Date.now() + 60_000;
  for (;;) {
    const [row] = await sql<{ value: string; encrypted: boolean }>(
      cluster.databaseUrl,
      `SELECT value, encrypted FROM "Setting" WHERE key = $1`,
      [WEBHOOK_SECRET_SETTING],
    );
    if (row) return row.encrypted ? openSealed(row.value, cluster.encryptionKey) : row.value;
    if (Date.now() > until) throw new Error("the shop registered no commerce webhook secret within a minute");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Fires one batch, then waits until every receipt is processed: deliveries per second to the last one processed. */
async function ingest(cluster: Cluster, url: string, round: number, secret: string, pids: number[]): Promise<LoadRun> {
  const run = await fire(url, deliveries(secret, round, DELIVERIES), pids, CONNECTIONS);
  const started = performance.now();
  const waiting = async () =>
    Number(
      (
        await sql<{ n: string }>(
          cluster.databaseUrl,
          `SELECT count(*) AS n FROM "WebhookReceipt" WHERE status = 'received'`,
        )
      )[0]!.n,
    );
  while ((await waiting()) > 0 && performance.now() - started < 300_000)
    await new Promise((resolve) => setTimeout(resolve, 250));
  return { ...run, processedRps: DELIVERIES / (DELIVERIES / run.rps + (performance.now() - started) / 1000) };
}

// --- 3. The model ------------------------------------------------------------------------------

function budgetModel(report: ScaleOutReport): string {
  const calls = callsByClass(report);
  const orders = {
    commerce: (report.byProduct.topup ?? 0) + (report.byProduct.esim ?? 0) + (report.byProduct.giftcard ?? 0),
    unlock: report.byProduct.unlock ?? 0,
    imei: report.byProduct.imeicheck ?? 0,
  };
  const minutes = report.buyingMs / 60_000;
  const budget = DEFAULT_BUDGET_PER_MINUTE;
  const previewCap = Math.floor(budget * DEFAULT_PREVIEW_SHARE);
  const floor = budget - Math.floor(budget * DEFAULT_CATALOG_SHARE) - previewCap;
  const c = calls.commerce;
  // The test's preview flood (one network's price checks, refused past its limit) is no buyer's.
  c.preview -= report.floodPreviews;
  const perCommerce = {
    preview: c.preview / orders.commerce,
    order: c.order / orders.commerce,
    status: c.status / orders.commerce,
  };
  const commerceCost = perCommerce.preview + perCommerce.order + perCommerce.status;
  // Unlocks and IMEI checks share the unlocking API: an IMEI check is one order-class call, the
  // rest of that API's order and status calls belong to the unlocks.
  const u = calls.unlock;
  const perUnlock = (u.order - orders.imei + u.status) / Math.max(1, orders.unlock);
  const rows = [
    [
      "commerce: top-up, eSIM, gift card",
      String(orders.commerce),
      `${perCommerce.preview.toFixed(2)} preview + ${perCommerce.order.toFixed(2)} create + ${perCommerce.status.toFixed(2)} status`,
      (budget / commerceCost).toFixed(0),
      Math.min(budget / commerceCost, previewCap / perCommerce.preview).toFixed(0),
      (floor / commerceCost).toFixed(0),
    ],
    [
      "unlocking: unlock",
      String(orders.unlock),
      `${perUnlock.toFixed(2)} (create, status, instructions)`,
      (budget / perUnlock).toFixed(0),
      (budget / perUnlock).toFixed(0),
      (floor / perUnlock).toFixed(0),
    ],
    ["unlocking: IMEI check", String(orders.imei), "1.00 (the check)", String(budget), String(budget), String(floor)],
  ];
  return [
    `supplier calls in the scale-out run (${minutes.toFixed(1)} min of buying; catalog reads: commerce ${c.catalog}, unlocking ${u.catalog} (each key once for the whole run; the unlocking figure includes the health probe's /countries); other: commerce ${c.other}, unlocking ${u.other}):`,
    table(
      [
        "API: product",
        "orders in the run",
        "calls per order",
        `orders/min, whole budget (${budget})`,
        `orders/min, previews capped at ${previewCap}`,
        `orders/min, floor (${floor}: catalog and previews spent)`,
      ],
      rows,
    ),
    `busiest real-time minute in the run: ${Object.entries(report.rateLimits)
      .map(([credential, r]) => `${credential} ${r.peakPerMinute}/${r.limit}`)
      .join(", ")}`,
  ].join("\n");
}

async function main() {
  if (!ADMIN_URL)
    throw new Error(
      "set TEST_POSTGRES_URL (a PostgreSQL role that may create a database), as for npm run test:scale-out",
    );
  mkdirSync(DIR, { recursive: true });
  if (process.env.BENCH_SKIP_SCALE_OUT !== "1") await runScaleOutTest();
  const report = JSON.parse(readFileSync(REPORT, "utf8")) as ScaleOutReport;
  if (process.env.BENCH_MODEL_ONLY === "1") return console.log(budgetModel(report));

  const cluster = await startCluster({
    adminUrl: ADMIN_URL,
    basePort: BASE_PORT,
    instances: 3,
    dataDir: `${DIR}/cluster`,
  });
  try {
    const one = cluster.instanceUrls[0]!;
    const instancePids = cluster.instanceUrls.map((_, i) => cluster.pid(i)!);
    const workerPid = cluster.pid("worker")!;
    const css = /\/_next\/static\/[^"']+\.css/.exec(await (await fetch(`${one}/`)).text())?.[0];
    if (!css) throw new Error("no stylesheet under /_next/static on the home page");
    // Warm: each instance keeps its own copy of each page (the front cache); the catalog reads fill the shared cache once.
    for (let i = 0; i < 2; i++)
      for (const url of cluster.instanceUrls)
        for (const path of PAGES) await (await fetch(`${url}${path}`)).arrayBuffer();

    const pageRows: string[][] = [];
    for (const path of [css, ...PAGES]) {
      const single = await loadPage(`${one}${path}`, [instancePids[0]!]);
      const spread = await loadPage(`${cluster.appUrl}${path}`, instancePids);
      pageRows.push([
        path === css ? "static CSS (the limit)" : path,
        single.rps.toFixed(0),
        `${single.p99.toFixed(0)} ms`,
        ms(single.cpuMs),
        spread.rps.toFixed(0),
        `${spread.p99.toFixed(0)} ms`,
        String(single.errors + spread.errors),
      ]);
    }

    const secret = await webhookSecret(cluster);
    await ingest(cluster, `${one}/api/webhooks/commerce`, 0, secret, [instancePids[0]!]); // warm-up, not counted
    const webhookRows: string[][] = [];
    const pids = [...instancePids, workerPid];
    for (const [name, url, round] of [
      ["one instance", `${one}/api/webhooks/commerce`, 1],
      ["three instances, through the test's Node proxy", `${cluster.appUrl}/api/webhooks/commerce`, 2],
    ] as const) {
      const run = await ingest(cluster, url, round, secret, pids);
      webhookRows.push([
        name,
        run.rps.toFixed(0),
        `${run.p99.toFixed(0)} ms`,
        ms(run.cpuMs),
        (run.processedRps ?? 0).toFixed(0),
        String(run.errors),
      ]);
    }

    console.log(
      `\ncapacity on PostgreSQL, ${new Date().toISOString().slice(0, 10)} (scale-out run finished ${report.finishedAt}); everything on this ${(await import("node:os")).cpus().length}-core machine`,
    );
    console.log(`\ncatalog pages, ${CONNECTIONS} connections, ${SECONDS} s each:`);
    console.log(
      table(
        [
          "page",
          "one instance: requests/s",
          "p99",
          "its CPU / request",
          "three instances via the test's Node proxy: requests/s",
          "p99",
          "errors + non-2xx",
        ],
        pageRows,
      ),
    );
    console.log(
      `\nwebhook deliveries (${DELIVERIES} signed, distinct, at concurrency ${CONNECTIONS}; CPU of the instances and the worker):`,
    );
    console.log(
      table(
        [
          "receiver",
          "durable receipts/s",
          "p99",
          "CPU / delivery",
          "processed/s (to the last receipt)",
          "errors + non-2xx",
        ],
        webhookRows,
      ),
    );
    console.log(`\n${budgetModel(report)}`);
  } finally {
    await cluster.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
