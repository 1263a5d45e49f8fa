import { describe, expect, it } from "vitest";
import PageCacheHandler, { pageFreshUntil, scopeOf } from "./handler.mjs";
import { expirePageScopes } from "./scopes";

// The page cache's handler (Next.js incremental cache interface) and the app's expiry registry
// reach the same object: an expiry from lib/page-cache/invalidation.ts drops the pages.

function page(path: string, html = "<main>plans</main>", extraTags: string[] = []) {
  return {
    kind: "APP_PAGE",
    html,
    rscData: Buffer.from("rsc"),
    headers: {
      "x-next-cache-tags": [
        "_N_T_/layout",
        "_N_T_/[locale]/cached/[edition]/layout",
        `_N_T_/[locale]/cached/[edition]${path.replace(/^\/en\/cached\/1/, "")}/page`,
        `_N_T_${path}`,
        ...extraTags,
      ].join(","),
    },
    status: 200,
  };
}

const key = (path: string) => `/route-cache/APP_PAGE/0123abcd/$${path}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("page cache handler", () => {
  it("knows a twin's product from its tags, not from the route's layout tags", () => {
    expect(
      scopeOf(key("/en/cached/1/esim/eu"), page("/en/cached/1/esim/eu").headers["x-next-cache-tags"].split(",")),
    ).toBe("esim");
    expect(scopeOf(key("/en/cached/1/unlock"), [])).toBe("unlock");
    expect(scopeOf(key("/en/cached/1"), page("/en/cached/1").headers["x-next-cache-tags"].split(","))).toBe("other");
  });

  it("knows until when a twin's rendering is fresh: its revalidate after it was stored, short-lived pages not", async () => {
    const handler = new PageCacheHandler({});
    const before = Date.now();
    await handler.set(key("/en/cached/1/giftcards/gb"), page("/en/cached/1/giftcards/gb"), {
      cacheControl: { revalidate: 300, expire: 1800 },
    });
    const until = pageFreshUntil("/en/cached/1/giftcards/gb");
    expect(until).toBeGreaterThanOrEqual(before + 300_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 300_000);
    await handler.set(
      key("/en/cached/1/giftcards/fr"),
      page("/en/cached/1/giftcards/fr", '<p data-page-cache="short">Catalog unavailable</p>'),
      { cacheControl: { revalidate: 300 } },
    );
    expect(pageFreshUntil("/en/cached/1/giftcards/fr")).toBeNull();
    await handler.set(key("/en/cached/1/giftcards/us"), page("/en/cached/1/giftcards/us"), {});
    expect(pageFreshUntil("/en/cached/1/giftcards/us")).toBeNull();
    expect(pageFreshUntil("/en/cached/1/never/rendered")).toBeNull();
  });

  it("serves a stored page until its product's scope (or all) is expired after it was stored", async () => {
    const handler = new PageCacheHandler({});
    await handler.set(key("/en/cached/1/esim/eu"), page("/en/cached/1/esim/eu"), {});
    await handler.set(key("/en/cached/1/unlock/apple"), page("/en/cached/1/unlock/apple"), {});
    expect((await handler.get(key("/en/cached/1/esim/eu")))?.value).toMatchObject({ html: "<main>plans</main>" });

    await sleep(2);
    expirePageScopes(["esim"]);
    expect(await handler.get(key("/en/cached/1/esim/eu"))).toBeNull();
    expect(await handler.get(key("/en/cached/1/unlock/apple"))).not.toBeNull();

    // Stored after the expiry: served.
    await sleep(2);
    await handler.set(key("/en/cached/1/esim/eu"), page("/en/cached/1/esim/eu"), {});
    expect(await handler.get(key("/en/cached/1/esim/eu"))).not.toBeNull();

    await sleep(2);
    expirePageScopes(["all"]);
    expect(await handler.get(key("/en/cached/1/esim/eu"))).toBeNull();
    expect(await handler.get(key("/en/cached/1/unlock/apple"))).toBeNull();
  });

  it("a revalidated tag drops the pages carrying it", async () => {
    const handler = new PageCacheHandler({});
    await handler.set(key("/en/cached/1/giftcards/es"), page("/en/cached/1/giftcards/es"), {});
    await sleep(2);
    await handler.revalidateTag("_N_T_/en/cached/1/giftcards/es");
    expect(await handler.get(key("/en/cached/1/giftcards/es"))).toBeNull();
  });

  it("a page showing a catalog error is kept ten seconds only", async () => {
    const handler = new PageCacheHandler({});
    const realNow = Date.now;
    try {
      await handler.set(
        key("/en/cached/1/topup/es"),
        page("/en/cached/1/topup/es", '<div data-testid="catalog-error" data-page-cache="short">down</div>'),
        {},
      );
      expect(await handler.get(key("/en/cached/1/topup/es"))).not.toBeNull();
      const stored = realNow();
      Date.now = () => stored + 10_001;
      expect(await handler.get(key("/en/cached/1/topup/es"))).toBeNull();
    } finally {
      Date.now = realNow;
    }
  });

  it("holds at most its byte budget, dropping the least recently used page first", async () => {
    const handler = new PageCacheHandler({ maxMemoryCacheSize: 10_000 });
    const big = "x".repeat(2_000);
    for (let i = 0; i < 4; i++)
      await handler.set(key(`/en/cached/1/unlock/b${i}`), page(`/en/cached/1/unlock/b${i}`, big), {});
    await handler.get(key("/en/cached/1/unlock/b0")); // b0 used again: b1 is now the oldest
    await handler.set(key("/en/cached/1/unlock/b4"), page("/en/cached/1/unlock/b4", big), {});
    await handler.set(key("/en/cached/1/unlock/b5"), page("/en/cached/1/unlock/b5", big), {});
    expect(await handler.get(key("/en/cached/1/unlock/b1"))).toBeNull();
    expect(await handler.get(key("/en/cached/1/unlock/b0"))).not.toBeNull();
    expect(await handler.get(key("/en/cached/1/unlock/b5"))).not.toBeNull();
    // A page larger than a quarter of the budget is not kept at all.
    await handler.set(key("/en/cached/1/unlock/huge"), page("/en/cached/1/unlock/huge", "x".repeat(3_000)), {});
    expect(await handler.get(key("/en/cached/1/unlock/huge"))).toBeNull();
  });
});
