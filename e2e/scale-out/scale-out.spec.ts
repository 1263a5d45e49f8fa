import { expect, test } from "@playwright/test";
import pg from "pg";
import { EmulatorControls, type LedgerEntry } from "../helpers/emulator";
import { buy, PRODUCTS, type Product } from "./buyers";
import { startCluster, type Cluster } from "./cluster";

// Issue [17]: three app instances and a separate worker on one PostgreSQL database, behind a
// reverse proxy, with one upstream emulator and one mail server. Buyers spread over the
// instances (through the proxy) buy all five products; one instance and the worker are killed
// with SIGKILL mid-run and started again. Afterwards: no order lost, every order final, one
// upstream debit per order, one mail per event.
// Runs on PostgreSQL only (TEST_POSTGRES_URL, a role that may CREATE DATABASE): .ci/run's
// PostgreSQL pass runs it (npm run test:scale-out).

const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const BUYERS = Number(process.env.SCALE_OUT_BUYERS ?? 4);
const ORDERS = Number(process.env.SCALE_OUT_ORDERS ?? 60);
/** After how many finished purchases one instance and the worker are killed. */
const KILL_AFTER = Math.floor(ORDERS / 3);

test.skip(!ADMIN_URL, "needs TEST_POSTGRES_URL (a PostgreSQL server where the role may create a database)");
test.describe.configure({ timeout: 20 * 60_000 });

let cluster: Cluster | undefined;
test.afterAll(async () => {
  await cluster?.stop();
});

async function query<T>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

test(`${ORDERS} orders of all five products through three instances, with one instance and the worker killed mid-run`, async ({ browser }) => {
  cluster = await startCluster({ adminUrl: ADMIN_URL!, basePort: Number(process.env.SCALE_OUT_PORT ?? 3600), instances: 3, dataDir: "data/scale-out" });
  const { appUrl, databaseUrl } = cluster;
  const emulator = new EmulatorControls(cluster.emulatorUrl);
  const runId = Date.now().toString(36);

  // The purchases, handed out to the buyers one at a time; the kill comes after KILL_AFTER of them.
  const plan: Product[] = Array.from({ length: ORDERS }, (_, i) => PRODUCTS[i % PRODUCTS.length]!);
  let taken = 0;
  let finished = 0;
  const refs: string[] = [];
  const failures: string[] = [];
  let killed: Promise<void> | undefined;
  const killMidRun = async () => {
    await Promise.all([cluster!.kill(1), cluster!.kill("worker")]);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await Promise.all([cluster!.restart(1), cluster!.restart("worker")]);
  };

  const started = Date.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      const context = await browser.newContext({ baseURL: appUrl });
      const page = await context.newPage();
      try {
        while (taken < plan.length) {
          const index = taken++;
          const product = plan[index]!;
          try {
            refs.push(await buy(page, product, `scale-${runId}-${index}@example.com`, Number(`${Date.now() % 1_000_000}${index}`)));
          } catch (error) {
            failures.push(`${product} #${index} (buyer ${buyer}): ${error instanceof Error ? error.message.split("\n")[0] : error}`);
          }
          if (++finished === KILL_AFTER) killed = killMidRun();
        }
      } finally {
        await context.close();
      }
    }),
  );
  await killed;
  const buyingMs = Date.now() - started;
  console.log(`scale-out: ${refs.length} purchases in ${Math.round(buyingMs / 1000)} s; requests per instance through the proxy:`, cluster.proxy.served());
  expect(failures, failures.join("\n")).toEqual([]);

  // The supplier finishes what it was given: its clock moves on (commerce fulfilment), unlocks are released.
  type Row = { id: string; ref: string; status: string; productType: string; upstreamOrderId: string | null };
  const orders = () => query<Row>(databaseUrl, `SELECT id, ref, status, "productType", "upstreamOrderId" FROM "Order" WHERE "customerEmail" LIKE $1`, [`scale-${runId}-%`]);
  const FINAL = ["fulfilled", "failed", "refunded", "cancelled"];
  await expect
    .poll(
      async () => {
        await emulator.advanceClock(10_000);
        const rows = await orders();
        for (const row of rows.filter((r) => r.productType === "unlock" && r.status === "placed" && r.upstreamOrderId)) await emulator.unlockReady(row.upstreamOrderId!).catch(() => undefined);
        return rows.filter((r) => !FINAL.includes(r.status)).map((r) => `${r.ref} ${r.productType} ${r.status}`);
      },
      { timeout: Number(process.env.SCALE_OUT_SETTLE_MS ?? 5 * 60_000), intervals: [3_000] },
    )
    .toEqual([]);

  // No order lost: every purchase the buyers finished is an order, and all are fulfilled.
  const rows = await orders();
  expect(rows.map((r) => r.ref).sort()).toEqual([...refs].sort());
  expect(rows.filter((r) => r.status !== "fulfilled").map((r) => `${r.ref} ${r.productType} ${r.status}`)).toEqual([]);

  // One debit per upstream order: nothing charged twice.
  const ledger: LedgerEntry[] = await emulator.ledger();
  const debits = new Map<string, number>();
  for (const entry of ledger.filter((e) => e.kind === "debit")) debits.set(entry.reference, (debits.get(entry.reference) ?? 0) + 1);
  expect([...debits].filter(([, n]) => n > 1)).toEqual([]);
  // The emulator is this cluster's alone: one debit per order in all, each commerce order's under its own id.
  expect(ledger.filter((e) => e.kind === "debit")).toHaveLength(rows.length);
  for (const row of rows.filter((r) => ["topup", "esim", "giftcard"].includes(r.productType))) expect(debits.get(row.upstreamOrderId!), `${row.ref} ${row.productType}`).toBe(1);

  // One mail per event: no order has two outbox rows of one kind, and the mail server got each once.
  const twice = await query<{ orderId: string; kind: string; n: number }>(
    databaseUrl,
    `SELECT "orderId", kind, COUNT(*)::int AS n FROM "MailOutbox" WHERE "orderId" = ANY($1) GROUP BY "orderId", kind HAVING COUNT(*) > 1`,
    [rows.map((r) => r.id)],
  );
  expect(twice).toEqual([]);
  const mails = (await (await fetch(`${cluster.mailApiUrl}/email`)).json()) as Array<{ subject: string; to: Array<{ address: string }> }>;
  const seen = new Map<string, number>();
  for (const mail of mails) for (const to of mail.to) if (to.address.startsWith(`scale-${runId}-`)) seen.set(`${to.address} ${mail.subject}`, (seen.get(`${to.address} ${mail.subject}`) ?? 0) + 1);
  expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
  expect(new Set([...seen.keys()].map((key) => key.split(" ")[0])).size).toBe(ORDERS);

  // The webhook receiver: every event the supplier delivered (to the proxy, so to any instance,
  // and again when an instance died before answering) is stored once and processed.
  const delivered = new Set((await emulator.deliveries()).filter((d) => d.succeeded).map((d) => d.event_id));
  expect(delivered.size).toBeGreaterThan(0);
  const receipts = await query<{ eventId: string; status: string }>(databaseUrl, `SELECT "eventId", status::text AS status FROM "WebhookReceipt" WHERE provider = 'commerce' AND verified`);
  expect(receipts.map((r) => r.eventId).sort()).toEqual([...delivered].sort());
  expect(receipts.filter((r) => !["processed", "unmatched"].includes(r.status))).toEqual([]);

  // The catalog: each key fetched from the supplier once across the three instances and their
  // restarts (the run is well inside every key's lifetime, lib/catalog/lifetimes.ts). Not counted:
  // the health probe, which asks the unlocking API for /countries on every /api/health; catalog
  // images (each instance keeps its own copies); order status checks.
  const counters = await emulator.counters();
  console.log("scale-out: supplier calls", counters);
  const catalogReads = Object.entries(counters).filter(([route]) => /^GET \/(v2\/(topup|esim|giftcards)\/|brands|devices\/|networks\/|tools\/)/.test(route));
  expect(catalogReads.length).toBeGreaterThan(10);
  expect(catalogReads.filter(([, n]) => n > 1)).toEqual([]);

  // The request budget held across the instances: no minute over the supplier's limit, nothing refused.
  const usage = await emulator.rateLimits();
  console.log("scale-out: supplier rate limits", usage);
  expect(Object.keys(usage).length).toBeGreaterThan(0);
  for (const [credential, { limit, peakPerMinute, refused }] of Object.entries(usage)) {
    expect(refused, credential).toBe(0);
    expect(peakPerMinute, credential).toBeLessThanOrEqual(limit);
  }
});
