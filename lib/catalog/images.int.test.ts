import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";
import { createImageFetcher } from "@/lib/catalog/image-fetcher";

// The shop's image proxy end to end: catalogImageUrl → GET /api/catalog-images/{ref} (the
// route handler itself) → the running emulator's generated logos. Foreign hosts and
// non-images are refused; a second view is served from the shop's cache.

let emu: RunningEmulator;
let t: TestDatabase;

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

const imageHits = async (): Promise<number> => {
  const { counters } = (await (await fetch(`${emu.url}/__control/counters`)).json()) as {
    counters: Record<string, number>;
  };
  return Object.entries(counters)
    .filter(([route]) => route.startsWith("GET /v2/img/") || route.startsWith("GET /v2/status"))
    .reduce((sum, [, n]) => sum + n, 0);
};

async function get(path: string, headers: Record<string, string> = {}) {
  const { GET } = await import("@/app/api/catalog-images/[ref]/route");
  const ref = path.replace(/^\/api\/catalog-images\//, "");
  return GET(new Request(`http://shop.test${path}`, { headers }), { params: Promise.resolve({ ref }) });
}

/** A ref as an attacker would craft it: the URL alone, without the shop's signature. */
const refOf = (url: string) => `/api/catalog-images/${Buffer.from(url).toString("base64url")}`;
/** The path the shop itself puts on a page for `url` (signed). */
const shopPath = async (url: string) => (await import("./images")).catalogImageUrl(url)!;

describe("catalog image proxy", () => {
  it("serves an emulator operator logo through the shop, then from its cache", async () => {
    const { catalogImageUrl } = await import("./images");
    const logo = `${emu.url}/v2/img/operators/1000.svg`;
    const path = catalogImageUrl(logo);
    expect(path?.startsWith(`${refOf(logo)}.`)).toBe(true);

    const before = await imageHits();
    const first = await get(path!);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/svg+xml");
    expect(first.headers.get("cache-control")).toMatch(/max-age=86400/);
    expect(first.headers.get("content-security-policy")).toContain("sandbox");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await first.text()).toMatch(/^<svg[\s\S]*EE[\s\S]*<\/svg>$/);

    const second = await get(path!);
    expect(second.status).toBe(200);
    expect(await imageHits()).toBe(before + 1);

    const revalidated = await get(path!, { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
  });

  it("refuses a foreign host without fetching it", async () => {
    const { catalogImageUrl } = await import("./images");
    expect(catalogImageUrl("https://images.example.com/logo.png")).toBeNull();
    expect(catalogImageUrl("http://127.0.0.1:1/v2/img/operators/1000.svg")).toBeNull();
    expect(catalogImageUrl(`${emu.url.replace("127.0.0.1", "localhost")}/v2/img/operators/1000.svg`)).toBeNull();
    expect(catalogImageUrl(null)).toBeNull();
    expect(catalogImageUrl("not a url")).toBeNull();

    const crafted = await get(refOf("https://images.example.com/logo.png"));
    expect(crafted.status).toBe(404);
    expect(await crafted.json()).toMatchObject({ error: { code: "IMAGE_NOT_FOUND" } });
  });

  it("never fetches a path the shop did not put on a page (an arbitrary upstream path)", async () => {
    const before = await imageHits();
    // Crafted refs for the upstream's own API paths, on the allowed origin: refused unsent.
    for (const path of ["/v2/status", "/v2/orders", "/v2/img/operators/1000.svg"]) {
      const crafted = await get(refOf(`${emu.url}${path}`));
      expect(crafted.status).toBe(404);
      expect(await crafted.json()).toMatchObject({ error: { code: "IMAGE_NOT_FOUND" } });
    }
    // A real ref's signature does not carry over to another path.
    const signature = (await shopPath(`${emu.url}/v2/img/operators/1000.svg`)).split(".")[1];
    expect((await get(`${refOf(`${emu.url}/v2/status`)}.${signature}`)).status).toBe(404);
    expect(await imageHits()).toBe(before);
  });

  it("refuses what is not an image, a missing image, and malformed refs", async () => {
    const before = await imageHits();
    // Even a ref the shop signed (an upstream catalog naming a non-image) is served only as an image.
    const json = await get(await shopPath(`${emu.url}/v2/status`));
    expect(json.status).toBe(404);
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(await imageHits()).toBe(before + 1);

    expect((await get(await shopPath(`${emu.url}/v2/img/operators/999999.svg`))).status).toBe(404);
    expect((await get("/api/catalog-images/not*base64")).status).toBe(404);
    // Credentials in the URL are never accepted, even on an allowed origin.
    expect(
      (await get(refOf(emu.url.replace("http://", "http://user:pw@") + "/v2/img/operators/1000.svg"))).status,
    ).toBe(404);
  });

  // 130 requests through the route: a loaded machine takes minutes.
  it(
    "limits image misses per visitor network (429 with a code and Retry-After), while kept images and other visitors are served",
    { timeout: 240_000 },
    async () => {
      const { PEER_ADDRESS_HEADER } = await import("@/lib/security/client-address");
      const { VISITOR_LIMITS } = await import("@/lib/security/visitor-limits");
      const attacker = { [PEER_ADDRESS_HEADER]: "203.0.113.66", "x-forwarded-for": "198.51.100.9" };
      // The limiter counts in windows of the real clock: stopped here, all of this is in one window,
      // however long the requests take.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      onTestFinished(() => void vi.useRealTimers());
      const before = await imageHits();
      const paths = await Promise.all(
        Array.from({ length: VISITOR_LIMITS.imageMiss.points + 5 }, (_, i) =>
          shopPath(`${emu.url}/v2/img/operators/${700000 + i}.svg`),
        ),
      );
      const statuses: number[] = [];
      for (const path of paths) statuses.push((await get(path, attacker)).status);
      expect(statuses.filter((s) => s === 404)).toHaveLength(VISITOR_LIMITS.imageMiss.points);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expect(await imageHits()).toBe(before + VISITOR_LIMITS.imageMiss.points);

      const refused = await get(paths.at(-1)!, attacker);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        error: {
          code: "TOO_MANY_REQUESTS",
          message: expect.stringMatching(
            /^Too many image requests from your network\. Please try again in \d+ seconds?\.$/,
          ),
        },
      });
      // A changed X-Forwarded-For does not make a new visitor; another network is one.
      expect((await get(paths.at(-1)!, { ...attacker, "x-forwarded-for": "192.0.2.200" })).status).toBe(429);
      expect((await get(paths.at(-1)!, { [PEER_ADDRESS_HEADER]: "192.0.2.10" })).status).toBe(404);
      // An image the shop keeps costs nothing: still served to the limited visitor.
      expect((await get(await shopPath(`${emu.url}/v2/img/operators/1000.svg`), attacker)).status).toBe(200);
    },
  );
});

describe("image fetcher limits", () => {
  const svg = (bytes: number) =>
    new Response("<svg>" + "x".repeat(bytes) + "</svg>", { headers: { "content-type": "image/svg+xml" } });

  it("refuses images over the size limit and never follows redirects", async () => {
    let calls = 0;
    const fetcher = createImageFetcher({
      maxImageBytes: 1_000,
      fetch: async (input, init) => {
        calls++;
        expect(init?.redirect).toBe("manual");
        return String(input).endsWith("big.svg")
          ? svg(5_000)
          : new Response(null, { status: 302, headers: { location: "https://elsewhere.example/x.png" } });
      },
    });
    expect((await fetcher.get(new URL("http://127.0.0.1:9/big.svg"))).kind).toBe("not_found");
    expect((await fetcher.get(new URL("http://127.0.0.1:9/moved.svg"))).kind).toBe("not_found");
    // "Not found" is remembered for a while: no second upstream call.
    expect((await fetcher.get(new URL("http://127.0.0.1:9/big.svg"))).kind).toBe("not_found");
    expect(calls).toBe(2);
  });

  it("serves a kept copy while the upstream is down, and says nothing is there without one", async () => {
    let clock = 0;
    let up = true;
    const fetcher = createImageFetcher({
      now: () => clock,
      freshMs: 1_000,
      fetch: async () => {
        if (!up) throw new TypeError("fetch failed");
        return svg(10);
      },
    });
    const url = new URL("http://127.0.0.1:9/logo.svg");
    expect(await fetcher.get(url)).toMatchObject({ kind: "ok", stale: false });
    up = false;
    clock = 5_000;
    expect(await fetcher.get(url)).toMatchObject({ kind: "ok", stale: true });
    expect((await fetcher.get(new URL("http://127.0.0.1:9/other.svg"))).kind).toBe("unavailable");
  });

  it("drops the least recently used images beyond its entry limit", async () => {
    const fetcher = createImageFetcher({ maxEntries: 2, fetch: async () => svg(10) });
    for (const name of ["a", "b", "c"]) await fetcher.get(new URL(`http://127.0.0.1:9/${name}.svg`));
    expect(fetcher.size()).toBe(2);
  });
});

describe("an image miss while the supplier fails (never a 5xx)", () => {
  const fault = (rule: Record<string, unknown>) =>
    fetch(`${emu.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rule),
    });
  const clearFaults = () => fetch(`${emu.url}/__control/faults`, { method: "DELETE" });
  const visitor = async (n: number) => ({
    [(await import("@/lib/security/client-address")).PEER_ADDRESS_HEADER]: `192.0.2.${n}`,
  });

  it("answers a neutral placeholder (200, short max-age, no validator) when the upstream errors and nothing is kept; the next request tries again", async () => {
    const path = await shopPath(`${emu.url}/v2/img/operators/1001.svg`);
    await fault({ method: "GET", path: "/v2/img/operators/1001.svg", kind: "status", status: 503, times: 1 });
    const before = await imageHits();
    const answer = await get(path, await visitor(21));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(answer.headers.get("x-catalog-image")).toBe("placeholder");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=10");
    expect(answer.headers.get("etag")).toBeNull();
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
    expect(await answer.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>$/);
    expect(await imageHits()).toBe(before + 1);

    // Not remembered as a failure: the next view asks the upstream again and gets the logo.
    const next = await get(path, await visitor(21));
    expect(next.status).toBe(200);
    expect(next.headers.get("x-catalog-image")).toBeNull();
    expect(next.headers.get("cache-control")).toMatch(/max-age=86400/);
    expect(await next.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await imageHits()).toBe(before + 2);
  });

  it("answers the placeholder when the supplier is too slow (the fetch gives up)", async () => {
    const { createImageFetcher: create } = await import("@/lib/catalog/image-fetcher");
    const holder = globalThis as unknown as { __catalogImages?: unknown };
    const appFetcher = holder.__catalogImages;
    // Gives up long before the supplier answers.
    holder.__catalogImages = create({ timeoutMs: 500 });
    const path = await shopPath(`${emu.url}/v2/img/operators/1002.svg`);
    await fault({
      method: "GET",
      path: "/v2/img/operators/1002.svg",
      kind: "slow_answer",
      latencyMs: 20_000,
      times: 1,
    });
    try {
      const answer = await get(path, await visitor(22));
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      expect(answer.headers.get("x-catalog-image")).toBe("placeholder");
    } finally {
      holder.__catalogImages = appFetcher;
      await clearFaults();
    }
  });

  it("answers the last good copy, marked stale with a short max-age, when the upstream fails after it expired", async () => {
    const { createImageFetcher: create } = await import("@/lib/catalog/image-fetcher");
    const holder = globalThis as unknown as { __catalogImages?: unknown };
    const appFetcher = holder.__catalogImages;
    let clock = Date.now();
    holder.__catalogImages = create({ now: () => clock, freshMs: 60_000 });
    try {
      const path = await shopPath(`${emu.url}/v2/img/operators/1003.svg`);
      const fresh = await get(path, await visitor(23));
      expect(fresh.status).toBe(200);
      const logo = await fresh.text();

      clock += 120_000;
      await fault({ method: "GET", path: "/v2/img/operators/1003.svg", kind: "status", status: 502, times: 1 });
      const stale = await get(path, await visitor(23));
      expect(stale.status).toBe(200);
      expect(stale.headers.get("x-catalog-image")).toBe("stale");
      expect(stale.headers.get("cache-control")).toBe("public, max-age=300");
      expect(stale.headers.get("etag")).toBe(fresh.headers.get("etag"));
      expect(await stale.text()).toBe(logo);
    } finally {
      holder.__catalogImages = appFetcher;
      await clearFaults();
    }
  });
});
