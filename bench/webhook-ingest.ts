// Benchmark of the commerce webhook receiver (not a test): npm run bench:webhook-ingest
//
// Starts the shop as `npm start` runs it (production build, embedded emulator, SQLite) on its
// own port and a fresh database, and beside it a minimal baseline: a bare
// `node:http` server that verifies the same Standard Webhooks signature and inserts one row into
// SQLite (WAL) with better-sqlite3 before answering. Both receive BENCH_DELIVERIES validly signed,
// distinct `order.fulfilled` deliveries (for orders the shop does not have: the receiver stores,
// dedupes and processes each, and files it as "unmatched") at BENCH_CONCURRENCY, in
// BENCH_ROUNDS rounds: receipts per second, p99 and the server's CPU time per delivery (the whole
// process tree, from /proc). The ratio shop ÷ baseline is the goal (≥ 0.5), with ≥ 1,000
// durable receipts/s on SQLite. Compare ratios within one run: the machine is shared and noisy.
//
// knobs: BENCH_DELIVERIES (5000), BENCH_CONCURRENCY (50), BENCH_ROUNDS (3), BENCH_PORT (3510),
// BENCH_EMULATOR_PORT (4510), BENCH_BASELINE_PORT (3520)
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startBenchShop } from "./shop-process";
import { ms, table } from "./stats";
import {
  deliveries as signedDeliveries,
  fire as fireAt,
  openSealed,
  WEBHOOK_SECRET_SETTING,
  type LoadRun,
} from "./webhook-load";

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3510);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4510);
const BASELINE_PORT = Number(process.env.BENCH_BASELINE_PORT ?? 3520);
const DATA_DIR = "data/bench-webhooks";
const SHOP = `http://127.0.0.1:${PORT}`;

/** The signing secret the shop registered at start-up (Setting "commerce.webhook.secret", sealed). */
function shopWebhookSecret(): string {
  const db = new Database(join(DATA_DIR, "shop.db"), { readonly: true });
  try {
    const row = db.prepare(`SELECT value, encrypted FROM "Setting" WHERE key = ?`).get(WEBHOOK_SECRET_SETTING) as
      { value: string; encrypted: number } | undefined;
    if (!row) throw new Error("the shop has no commerce webhook secret yet");
    if (!row.encrypted) return row.value;
    const { APP_ENCRYPTION_KEY } = JSON.parse(readFileSync(join(DATA_DIR, "local-secrets.json"), "utf8")) as {
      APP_ENCRYPTION_KEY: string;
    };
    return openSealed(row.value, APP_ENCRYPTION_KEY);
  } finally {
    db.close();
  }
}

/** The minimal receiver (./webhook-baseline.ts) in its own process: verify, one durable insert, 200. */
async function startBaseline(secret: string) {
  const child = spawn("node_modules/.bin/tsx", ["bench/webhook-baseline.ts"], {
    env: {
      ...process.env,
      BASELINE_SECRET: secret,
      BASELINE_PORT: String(BASELINE_PORT),
      BASELINE_DIR: join(DATA_DIR, "baseline"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("baseline ready") && resolve());
    child.on("exit", (code) => reject(new Error(`the baseline receiver exited (${code})`)));
  });
  return { pid: child.pid!, close: () => child.kill("SIGTERM") };
}

type Run = LoadRun;

/** Receipts the shop has stored but not yet processed (status "received"). */
function unprocessedReceipts(): number {
  const db = new Database(join(DATA_DIR, "shop.db"), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM "WebhookReceipt" WHERE status = 'received'`).get() as { n: number })
      .n;
  } finally {
    db.close();
  }
}

/**
 * Waits until the shop has processed every receipt of the round (it works through a burst after
 * answering it), so no round competes with the last one's backlog; answers the deliveries per
 * second from the first request to the last receipt processed.
 */
async function drained(run: Run, deliveredIn: number): Promise<Run> {
  const started = performance.now();
  while (unprocessedReceipts() > 0 && performance.now() - started < 180_000)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return { ...run, processedRps: DELIVERIES / (deliveredIn + (performance.now() - started) / 1000) };
}

const deliveries = (secret: string, round: number) => signedDeliveries(secret, round, DELIVERIES);
const fire = (url: string, batch: ReturnType<typeof deliveries>, pid: number) => fireAt(url, batch, [pid], CONCURRENCY);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The shop registers its subscription just after it starts answering: wait for the secret. */
async function waitForShopWebhookSecret(): Promise<string> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return shopWebhookSecret();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function main() {
  const shop = await startBenchShop({ port: PORT, emulatorPort: EMULATOR_PORT, dataDir: DATA_DIR });
  let baseline: { pid: number; close: () => void } | undefined;
  try {
    const secret = await waitForShopWebhookSecret();
    baseline = await startBaseline(secret);
    const runs = { shop: [] as Run[], baseline: [] as Run[] };
    // One warm-up round of 200 each, not counted.
    await drained(await fire(`${SHOP}/api/webhooks/commerce`, deliveries(secret, 0).slice(0, 200), shop.pid!), 0);
    await fire(`http://127.0.0.1:${BASELINE_PORT}/`, deliveries(secret, 0).slice(0, 200), baseline.pid);
    for (let round = 1; round <= ROUNDS; round++) {
      runs.baseline.push(await fire(`http://127.0.0.1:${BASELINE_PORT}/`, deliveries(secret, round), baseline.pid));
      const shopRun = await fire(`${SHOP}/api/webhooks/commerce`, deliveries(secret, round), shop.pid!);
      runs.shop.push(await drained(shopRun, DELIVERIES / shopRun.rps));
      console.log(`round ${round}/${ROUNDS} done`);
    }
    const row = (name: string, r: Run[]) => [
      name,
      median(r.map((x) => x.rps)).toFixed(0),
      `${median(r.map((x) => x.p99)).toFixed(0)} ms`,
      ms(median(r.map((x) => x.cpuMs))),
      String(r.reduce((n, x) => n + x.errors, 0)),
    ];
    console.log(
      `\n${DELIVERIES} deliveries at concurrency ${CONCURRENCY}, ${ROUNDS} rounds (medians), ${new Date().toISOString().slice(0, 10)}`,
    );
    console.log(
      table(
        ["receiver", "receipts/s", "p99", "CPU / delivery", "errors + non-2xx"],
        [
          row("baseline (node:http + better-sqlite3)", runs.baseline),
          row("shop (POST /api/webhooks/commerce)", runs.shop),
        ],
      ),
    );
    console.log(
      `shop: every receipt processed at ${median(runs.shop.map((x) => x.processedRps ?? 0)).toFixed(0)} deliveries/s (first request to last receipt processed)`,
    );
    console.log(
      `\nshop ÷ baseline: ${(median(runs.shop.map((x) => x.rps)) / median(runs.baseline.map((x) => x.rps))).toFixed(2)} (goal ≥ 0.5)`,
    );
  } finally {
    baseline?.close();
    shop.kill("SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
