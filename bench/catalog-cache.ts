// Benchmark of the catalog cache (not a test): npm run bench:catalog-cache
//
// Starts the emulator in-process and a temporary, migrated SQLite database (PostgreSQL when
// TEST_POSTGRES_URL is set), then:
//   1. 10,000 catalog reads over 100 keys, in concurrent batches, starting cold: how many
//      upstream calls reach the emulator per 10,000 reads (its counters);
//   2. latency of a cached read and of an uncached read (the same fetcher, straight to the
//      emulator over HTTP), one at a time, in the same run: compare the ratio, not the
//      absolute numbers, on a shared machine.
// Results and how to read them: docs/benchmarks.md.
import "./quiet-logs";
import { startEmulator } from "@/emulator/app";
import { createCatalogCache, type CatalogReadRequest } from "@/lib/catalog/cache";
import {
  emulatorControl,
  emulatorCounters,
  emulatorFetcher,
  EMULATOR_ENTERPRISE_KEY,
} from "@/lib/catalog/cache-testing";
import { catalogKey } from "@/lib/catalog/lifetimes";
import { prepareDatabase } from "@/lib/db/create-client";
import { createTestDatabase } from "@/lib/db/testing";
import { createDbBudget } from "@/lib/upstream/budget";
import { ms, seededRandom, summarize, table, timed } from "./stats";

const READS = Number(process.env.BENCH_READS ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 1_000);

const TOPUP_COUNTRIES = [
  "gb",
  "fr",
  "de",
  "es",
  "it",
  "nl",
  "be",
  "pt",
  "ie",
  "pl",
  "se",
  "no",
  "dk",
  "fi",
  "at",
  "ch",
  "us",
  "ca",
  "mx",
  "br",
  "ar",
  "co",
  "cl",
  "pe",
  "in",
  "pk",
  "bd",
  "ph",
  "id",
  "vn",
  "th",
  "my",
  "ng",
  "ke",
  "gh",
  "za",
  "eg",
  "ma",
  "tr",
  "sa",
  "ae",
  "ro",
  "gr",
  "cz",
  "hu",
  "ua",
  "au",
  "nz",
  "jp",
  "kr",
];
const ESIM_DESTINATIONS = [
  "gb",
  "fr",
  "de",
  "es",
  "it",
  "nl",
  "pt",
  "ie",
  "gr",
  "tr",
  "us",
  "ca",
  "mx",
  "br",
  "ar",
  "jp",
  "kr",
  "th",
  "vn",
  "id",
  "sg",
  "my",
  "ph",
  "in",
  "au",
  "nz",
  "ae",
  "eg",
  "ma",
  "za",
  "ch",
  "at",
  "pl",
  "cz",
  "hu",
  "se",
  "no",
  "dk",
  "eu",
  "as",
];

async function main() {
  const [database, emulator] = await Promise.all([createTestDatabase(), startEmulator(0, { controls: true })]);
  await prepareDatabase(database.db, database.url);
  const budget = createDbBudget(database.db, { perMinute: 100_000 });
  const cache = createCatalogCache(database.db);

  // 100 keys, a realistic mix: operator lists (daily), eSIM plan lists and rates (10 minutes).
  const fetcher = (path: string, query?: Record<string, string>) =>
    emulatorFetcher({
      baseUrl: emulator.url,
      path,
      query,
      budget,
      apiKey: EMULATOR_ENTERPRISE_KEY,
      policy: { maxAttempts: 1 },
    });
  const keys: CatalogReadRequest<unknown>[] = [
    ...TOPUP_COUNTRIES.map((country) => ({
      key: catalogKey("topup.operators", { country }),
      resource: "topup.operators" as const,
      fetch: fetcher("/v2/topup/operators", { country }),
    })),
    ...ESIM_DESTINATIONS.map((country_iso) => ({
      key: catalogKey("esim.plans", { country_iso }),
      resource: "esim.plans" as const,
      fetch: fetcher("/v2/esim/products", { country_iso }),
    })),
    ...Array.from({ length: 10 }, (_, i) => 1000 + 10 * i).map((id) => ({
      key: catalogKey("topup.rates", { operator: id }),
      resource: "topup.rates" as const,
      fetch: fetcher(`/v2/topup/operators/${id}/rates`),
    })),
  ];
  if (keys.length !== 100) throw new Error(`expected 100 keys, have ${keys.length}`);

  try {
    // 1. Burst: READS reads, BATCH at a time, keys drawn at random (seeded), from a cold cache.
    const random = seededRandom(42);
    const burstSamples: number[] = [];
    const burst = await timed(async () => {
      for (let done = 0; done < READS; done += BATCH) {
        await Promise.all(
          Array.from({ length: Math.min(BATCH, READS - done) }, async () => {
            const request = keys[Math.floor(random() * keys.length)]!;
            const { ms: took } = await timed(() => cache.read(request));
            burstSamples.push(took);
          }),
        );
      }
    });
    await cache.flush();
    const upstreamCalls = Object.values(await emulatorCounters(emulator.url)).reduce((a, b) => a + b, 0);
    const perTenThousand = (upstreamCalls / READS) * 10_000;

    // 2. Latency, one read at a time: cached (every key is warm now) vs straight to the upstream.
    const cached: number[] = [];
    const uncached: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const request = keys[i % keys.length]!;
      cached.push((await timed(() => cache.read(request))).ms);
      uncached.push((await timed(() => request.fetch())).ms);
    }
    const c = summarize(cached);
    const u = summarize(uncached);
    const b = summarize(burstSamples);

    console.log(`\nCatalog cache benchmark (${database.provider}, ${keys.length} keys, Node ${process.version})\n`);
    console.log(
      table(
        ["measure", "value"],
        [
          [`reads (batches of ${BATCH} concurrent)`, READS.toLocaleString("en")],
          ["upstream calls (emulator counters)", upstreamCalls],
          ["upstream calls per 10,000 reads", perTenThousand.toFixed(0)],
          [
            "burst wall time",
            `${(burst.ms / 1000).toFixed(2)} s (${Math.round(READS / (burst.ms / 1000)).toLocaleString("en")} reads/s)`,
          ],
          ["burst read latency p50 / p99 (concurrent, incl. cold misses)", `${ms(b.p50)} / ${ms(b.p99)}`],
        ],
      ),
    );
    console.log(`\nOne read at a time, ${LATENCY_SAMPLES} samples each, same keys, same run:\n`);
    console.log(
      table(
        ["read", "p50", "p99", "max"],
        [
          ["cached (database)", ms(c.p50), ms(c.p99), ms(c.max)],
          ["uncached (upstream over HTTP)", ms(u.p50), ms(u.p99), ms(u.max)],
          ["ratio uncached / cached", `${(u.p50 / c.p50).toFixed(1)}x`, `${(u.p99 / c.p99).toFixed(1)}x`, ""],
        ],
      ),
    );
    console.log("");
  } finally {
    await emulatorControl(emulator.url, "/reset", {}).catch(() => undefined);
    await emulator.close();
    await database.cleanup();
  }
}

await main();
