import { expect, test } from "@playwright/test";
import { appDbFor } from "../helpers/admin";
import { EmulatorControls } from "../helpers/emulator";
import { pageCacheFollows } from "../helpers/page-cache";
import { serverOf } from "../helpers/server";

// Issue [13], "Done when": a catalog page served from the page cache makes no upstream call and
// no database read of the catalog, and a refreshed catalog entry shows on its page within one
// second, without a restart (lib/http/cached-pages.ts, lib/page-cache/), also when the page was
// given from the copy scripts/serve.mjs keeps in front of Next.js (lib/http/front-cache.mjs).

const sum = (counters: Record<string, number>) => Object.values(counters).reduce((a, b) => a + b, 0);

test("cached catalog pages: no upstream call or catalog read per view, and a refresh shows within a second", async ({ request }, testInfo) => {
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const db = appDbFor(server.dataDir);
  try {
    // Warm: the first view renders the page (and may refresh an old catalog entry, which expires
    // the product's pages once the page cache follows); the view after that renders it for good.
    expect((await request.get("/unlock")).status()).toBe(200);
    await pageCacheFollows();
    expect((await request.get("/unlock")).status()).toBe(200);
    const entry = await db.catalogCacheEntry.findFirstOrThrow({ where: { resource: "unlock.brands", value: { not: null } } });
    const text = entry.value!;
    const brand = /"name":"(Alcatel)"/.exec(text)?.[1];
    expect(brand, "the brands list names Alcatel").toBeTruthy();

    // Served from the cache: no rendering, so no catalog read (the entry's hit count stays) and no upstream call.
    await new Promise((resolve) => setTimeout(resolve, 6_000)); // the hit counter writes every 5 s
    const hitsBefore = (await db.catalogCacheEntry.findUniqueOrThrow({ where: { key: entry.key } })).hits;
    const callsBefore = sum(await emulator.counters());
    for (let i = 0; i < 20; i++) {
      const response = await request.get("/unlock");
      expect(response.status()).toBe(200);
      expect(response.headers()["x-nextjs-cache"]).toBe("HIT");
      // After the first, a copy kept in front of Next.js (lib/http/front-cache.mjs) answers.
      if (i > 0) expect(response.headers()["age"], "a copy from the front cache").toMatch(/^\d+$/);
    }
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await db.catalogCacheEntry.findUniqueOrThrow({ where: { key: entry.key } })).hits, "catalog reads while cached").toBe(hitsBefore);
    expect(sum(await emulator.counters()), "upstream calls while cached").toBe(callsBefore);

    // A refresh writes a new value (here: the supplier renamed a brand), as the catalog cache's save does.
    const renamed = `Alcatel refreshed ${Date.now()}`;
    const refreshedAt = Date.now();
    await db.catalogCacheEntry.update({
      where: { key: entry.key },
      data: { value: text.replace(`"name":"${brand}"`, `"name":"${renamed}"`), fetchedAt: new Date(refreshedAt), expiresAt: new Date(refreshedAt + 24 * 3600_000) },
    });
    let shownAfterMs = Number.POSITIVE_INFINITY;
    while (Date.now() - refreshedAt < 3_000) {
      if ((await (await request.get("/unlock")).text()).includes(renamed)) {
        shownAfterMs = Date.now() - refreshedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(shownAfterMs, "the refreshed entry shows on the cached page").toBeLessThanOrEqual(1_000);
    // And the page is cached again after that one rendering.
    expect((await request.get("/unlock")).headers()["x-nextjs-cache"]).toBe("HIT");
  } finally {
    await db.$disconnect();
  }
});
