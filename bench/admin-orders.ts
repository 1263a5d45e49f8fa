// Benchmark of the staff orders list at scale (not a test): npm run bench:admin-orders
//
// A temporary, migrated SQLite database (PostgreSQL when TEST_POSTGRES_URL is set) with
// BENCH_ORDERS orders (default 50,000) across the five products, then:
//   1. the first search after the orders arrive: it indexes every row (lib/admin/orders/
//      search-index.ts), the cost a shop pays once after an upgrade or a bulk import;
//   2. the list's queries, each repeated: first page, a product + status filter, a search by
//      IMEI, by phone digits, by email, and the last page (OFFSET);
//   3. a search after 200 orders changed (the steady state: only changed rows are re-indexed);
//   4. the CSV export of every order, streamed: wall time, rows/s, and the event loop's worst
//      delay meanwhile (what other requests on the same server would wait at most).
// Results and how to read them: docs/benchmarks.md.
import "./quiet-logs";
import { ordersCsvStream } from "@/lib/admin/orders/export";
import { listOrders } from "@/lib/admin/orders/list";
import { refreshSearchIndex } from "@/lib/admin/orders/search-index";
import type { OrderFilters } from "@/lib/admin/orders/filters";
import { prepareDatabase } from "@/lib/db/create-client";
import { createTestDatabase } from "@/lib/db/testing";
import { ms, seededRandom, summarize, table, timed } from "./stats";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const PRODUCTS = ["topup", "esim", "giftcard", "unlock", "imeicheck"] as const;
const STATUSES = ["fulfilled", "fulfilled", "fulfilled", "placed", "failed", "refunded", "needs_attention"] as const;

const imeiOf = (i: number) => `35${String(100_000_000_000 + i).padStart(13, "0")}`;
const phoneOf = (i: number) => `+4474${String(i).padStart(8, "0")}`;

function orderRow(i: number, random: () => number) {
  const productType = PRODUCTS[i % PRODUCTS.length]!;
  const detail =
    productType === "topup"
      ? { phone: phoneOf(i), operatorId: 1470 }
      : productType === "unlock" || productType === "imeicheck"
        ? { imei: imeiOf(i), toolId: 1 }
        : productType === "esim"
          ? { catalogId: "eu-3gb-15d" }
          : { productId: 12, recipientEmail: `friend${i}@example.com` };
  return {
    ref: `bench${i.toString(36).padStart(8, "0")}`,
    idempotencyKey: `bench-${i}`,
    productType,
    status: STATUSES[Math.floor(random() * STATUSES.length)]!,
    customerEmail: `buyer${i % 5_000}@example.com`,
    currency: "EUR",
    retailAmount: 500 + (i % 50) * 100,
    detail,
    fulfillment: productType === "esim" ? { iccid: `8988247000010${String(i).padStart(7, "0")}` } : undefined,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  };
}

async function main() {
  const database = await createTestDatabase();
  await prepareDatabase(database.db, database.url);
  const db = database.db;
  try {
    const random = seededRandom(7);
    const seeding = await timed(async () => {
      for (let from = 0; from < ORDERS; from += 1_000) {
        await db.order.createMany({
          data: Array.from({ length: Math.min(1_000, ORDERS - from) }, (_, k) => orderRow(from + k, random)),
        });
      }
    });

    // 1. The first search indexes everything.
    const firstIndex = await timed(() => refreshSearchIndex(db));
    const unindexed = await db.order.count({ where: { searchIndexedAt: null } });

    // 2. The list's queries, indexed.
    const probe = Math.floor(ORDERS * 0.37);
    const queries: Array<[string, OrderFilters]> = [
      ["first page, no filter", {}],
      ["product + status filter", { product: "unlock", status: "fulfilled" }],
      ["search: IMEI", { q: imeiOf(probe - (probe % 5) + 3) }],
      ["search: phone digits", { q: phoneOf(probe - (probe % 5)).replace("+", "") }],
      ["search: email", { q: "buyer1234@example.com" }],
      ["last page (offset)", { page: 100_000 }],
    ];
    const rows: (string | number)[][] = [];
    for (const [label, filters] of queries) {
      const samples: number[] = [];
      let total = 0;
      for (let i = 0; i < REPEAT; i++) {
        const { result, ms: took } = await timed(() => listOrders(db, filters));
        samples.push(took);
        total = result.total;
      }
      const s = summarize(samples);
      rows.push([label, total.toLocaleString("en"), ms(s.p50), ms(s.p99)]);
    }

    // 3. Steady state: 200 orders changed since the last search.
    const changed = await db.order.findMany({ select: { id: true }, take: 200, orderBy: { createdAt: "desc" } });
    for (const { id } of changed) await db.order.update({ where: { id }, data: { status: "refunded" } });
    const steady = await timed(() => listOrders(db, { q: "buyer42@example.com" }));

    // 4. The whole export, streamed, with the event loop watched.
    // A 10 ms timer that notes how late it fires: what another request would wait.
    const lateness: number[] = [];
    let expected = performance.now() + 10;
    const watch = setInterval(() => {
      const now = performance.now();
      lateness.push(Math.max(0, now - expected));
      expected = now + 10;
    }, 10);
    let bytes = 0;
    let lines = 0;
    const exported = await timed(async () => {
      const reader = ordersCsvStream(db, {}).getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        lines += decoder.decode(value).split("\n").length - 1;
      }
    });
    clearInterval(watch);
    const lag = summarize(lateness);

    console.log(
      `\nStaff orders benchmark (${database.provider}, ${ORDERS.toLocaleString("en")} orders, Node ${process.version})\n`,
    );
    console.log(
      table(
        ["measure", "value"],
        [
          ["seeding (createMany, 1,000 a batch)", `${(seeding.ms / 1000).toFixed(2)} s`],
          [
            "first search: rows indexed",
            `${firstIndex.result.toLocaleString("en")} in ${(firstIndex.ms / 1000).toFixed(2)} s (${Math.round(firstIndex.result / (firstIndex.ms / 1000)).toLocaleString("en")} rows/s)`,
          ],
          ["rows still unindexed after it", unindexed.toLocaleString("en")],
          ["search after 200 orders changed (re-index + query)", ms(steady.ms)],
          [
            "CSV export: rows (incl. header), size",
            `${lines.toLocaleString("en")}, ${(bytes / 1_048_576).toFixed(1)} MiB`,
          ],
          [
            "CSV export: wall time",
            `${(exported.ms / 1000).toFixed(2)} s (${Math.round((lines - 1) / (exported.ms / 1000)).toLocaleString("en")} rows/s)`,
          ],
          ["event loop delay during export: p50 / p99 / max", `${ms(lag.p50)} / ${ms(lag.p99)} / ${ms(lag.max)}`],
        ],
      ),
    );
    console.log(`\nThe list's queries, ${REPEAT} runs each (a search also checks the index for changed rows):\n`);
    console.log(table(["query", "matching orders", "p50", "p99"], rows));
    console.log("");
  } finally {
    await database.cleanup();
  }
}

await main();
