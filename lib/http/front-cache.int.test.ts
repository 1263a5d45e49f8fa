// scripts/serve.mjs's front cache over real HTTP, in front of a stand-in for Next.js that
// answers as Next.js and proxy.ts do (the scope header on a cached page, the submitter cookie on
// a product page): what is kept, what is given again without reaching Next.js, and what never is.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { decodedText, rawRequest, type RawAnswer } from "./raw-answers";
import { isSubmitterSecret, newSubmitterSecret } from "@/lib/orders/submitter-cookie.mjs";
import PageCacheHandler, { expireScopes, PAGE_TWIN_HEADER } from "@/lib/page-cache/handler.mjs";
import { createFrontCache, PAGE_COPY_MS, STALE_REFRESH_MS, withFrontCache } from "./front-cache.mjs";
import { cachedPageContentSecurityPolicy } from "./security-headers";
import { THEME_SCRIPT, THEME_SCRIPT_HASH } from "./theme-script";

// As Next.js renders a page: inline scripts (its bootstrap and payload) and build files.
const page = (name: string) =>
  `<!doctype html><html><head><script src="/_next/static/chunks/main.js" async=""></script><script>${THEME_SCRIPT}</script></head><body><h1>${name}</h1>${"<p>A cached catalog page.</p>".repeat(200)}<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,"${name}"])</script></body></html>`;
/** What proxy.ts sets on a cached page: no inline script but the theme script (the front cache adds the page's). */
const STRICT_CSP = cachedPageContentSecurityPolicy();
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** The script-src a cached page's document `name` must carry: the hashes of exactly its inline scripts. */
const scriptSrcOf = (name: string) =>
  `script-src 'self' ${[THEME_SCRIPT_HASH, sha256("(self.__next_f=self.__next_f||[]).push([0])"), sha256(`self.__next_f.push([1,"${name}"])`)].join(" ")}`;
const scriptSrc = (answer: RawAnswer) =>
  String(answer.headers["content-security-policy"] ?? "")
    .split("; ")
    .find((directive) => directive.startsWith("script-src ")) ?? "";

/** What the stand-in answered, per URL: how often Next.js was reached. */
const reached = new Map<string, number>();
let render = 1;

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://shop");
  const key = `${req.method} ${url.pathname}${req.headers.rsc ? " rsc" : ""}`;
  reached.set(key, (reached.get(key) ?? 0) + 1);
  const body = req.headers.rsc
    ? `0:{"rsc":"${url.pathname}","render":${render}}`.padEnd(2000, " ")
    : page(`${url.pathname} render ${render}`);
  res.statusCode = url.pathname.startsWith("/missing") ? 404 : 200;
  res.setHeader("Content-Type", req.headers.rsc ? "text/x-component" : "text/html; charset=utf-8");
  res.setHeader("Vary", "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch");
  res.setHeader("Content-Security-Policy", STRICT_CSP);
  if (url.pathname.startsWith("/_next/static/")) {
    res.removeHeader("Vary");
    res.setHeader("Content-Type", "application/javascript");
    res.setHeader(
      "Cache-Control",
      url.pathname.includes("mutable") ? "public, max-age=0" : "public, max-age=31536000, immutable",
    );
    res.write(`console.log("${url.pathname}");`);
    res.end("/* build file */".repeat(100));
    return;
  }
  if (url.pathname.startsWith("/api/images/")) {
    const [, , , control, cookie] = url.pathname.split("/");
    res.setHeader("Content-Type", "image/svg+xml");
    res.setHeader("Cache-Control", decodeURIComponent(control ?? ""));
    if (cookie === "cookie") res.setHeader("Set-Cookie", "seen=1; Path=/");
    if (cookie === "prerendered") res.setHeader("x-nextjs-cache", "HIT");
    res.end(`<svg xmlns="http://www.w3.org/2000/svg"><!-- ${url.pathname} ${render} --></svg>`);
    return;
  }
  // As proxy.ts: the cached twin this page is (its scope is the first segment; its freshness is
  // known when the page cache stored it).
  if (!url.pathname.startsWith("/plain")) res.setHeader(PAGE_TWIN_HEADER, `/en/cached/1${url.pathname}`);
  res.setHeader("ETag", `"${url.pathname}-${render}"`);
  if (req.headers["if-none-match"] === `"${url.pathname}-${render}"`) {
    // As Next.js: the same rendering, no body.
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader(
    "x-nextjs-cache",
    url.pathname.startsWith("/stale") ? "STALE" : url.pathname.startsWith("/first") ? "MISS" : "HIT",
  );
  const cookies: string[] = [];
  if (/^\/(topup|esim)/.test(url.pathname) && !/submitter=[A-Za-z0-9_-]{43}/.test(req.headers.cookie ?? ""))
    cookies.push(`submitter=${newSubmitterSecret()}; Path=/; Max-Age=2592000; HttpOnly; SameSite=lax`);
  if (url.pathname.startsWith("/with-other-cookie")) cookies.push("theme=dark; Path=/");
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  const answer = url.pathname.startsWith("/short") ? body.replace("<h1>", '<h1 data-page-cache="short">') : body;
  if (url.pathname.startsWith("/first") || url.pathname.startsWith("/big")) {
    // A first rendering is streamed, as Next.js's pipe does: headers flushed, then pieces.
    const whole = url.pathname.startsWith("/big")
      ? answer.replace("</h1>", `</h1>${"<p>Long.</p>".repeat(100_000)}`)
      : answer;
    res.removeHeader("ETag");
    res.flushHeaders();
    for (let at = 0; at < whole.length; at += 4096) res.write(whole.slice(at, at + 4096));
    res.end();
    return;
  }
  res.end(answer);
}

let server: Server;
let base: string;

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(`${base}${path}`, headers, method);
const text = decodedText;

const submitterOf = (answer: RawAnswer) => /^submitter=([^;]+)/.exec(String(answer.headers["set-cookie"] ?? ""))?.[1];
const timesReached = (key: string) => reached.get(key) ?? 0;

beforeAll(async () => {
  server = createServer(withFrontCache(fakeNext, createFrontCache(undefined, { maxHeldBytes: 512 * 1024 })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  reached.clear();
  render += 1;
  // A copy made in the same millisecond as an expiry counts as expired (the render may predate
  // it): let the clock pass the last test's expiries so they cannot drop this test's copies.
  await new Promise((resolve) => setTimeout(resolve, 2));
});
afterEach(() => vi.useRealTimers());

describe("the front cache", () => {
  it("gives a cached page again without reaching Next.js, compressed or plain as asked, and never shows its scope header", async () => {
    const first = await get("/giftcards/gb", { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers[PAGE_TWIN_HEADER]).toBeUndefined();
    const again = await get("/giftcards/gb", { "accept-encoding": "br" });
    const gzipped = await get("/giftcards/gb", { "accept-encoding": "gzip" });
    const plain = await get("/giftcards/gb");
    expect(timesReached("GET /giftcards/gb")).toBe(1);
    expect(again.headers["content-encoding"]).toBe("br");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const answer of [again, gzipped, plain]) {
      expect(text(answer)).toBe(text(first));
      expect(answer.headers[PAGE_TWIN_HEADER]).toBeUndefined();
      expect(scriptSrc(answer)).toBe(scriptSrcOf(`/giftcards/gb render ${render}`));
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    const head = await get("/giftcards/gb", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(timesReached("HEAD /giftcards/gb")).toBe(0);
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await get("/unlock/1");
    const revalidated = await get("/unlock/1", { "if-none-match": String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(timesReached("GET /unlock/1")).toBe(1);
  });

  it("keeps a page's RSC payload apart from its document", async () => {
    const document = await get("/esim/eu", { cookie: `submitter=${newSubmitterSecret()}` });
    const rsc = await get("/esim/eu", { rsc: "1", cookie: `submitter=${newSubmitterSecret()}` });
    const rscAgain = await get("/esim/eu", { rsc: "1", cookie: `submitter=${newSubmitterSecret()}` });
    expect(text(document)).toContain("<h1>");
    expect(text(rsc)).toContain('"rsc":"/esim/eu"');
    expect(text(rscAgain)).toBe(text(rsc));
    expect(timesReached("GET /esim/eu")).toBe(1);
    expect(timesReached("GET /esim/eu rsc")).toBe(1);
  });

  it("keeps a page priced in dollars apart from the one in euros, whether chosen or by region", async () => {
    await get("/esim/fr");
    await get("/esim/fr", { "accept-language": "en-GB" });
    expect(timesReached("GET /esim/fr")).toBe(1);
    await get("/esim/fr", { cookie: "currency=USD" });
    await get("/esim/fr", { "accept-language": "en-US,en;q=0.9" });
    expect(timesReached("GET /esim/fr")).toBe(2);
    // A dollar browser that chose euros gets the euro copy.
    await get("/esim/fr", { cookie: "currency=EUR", "accept-language": "en-US" });
    expect(timesReached("GET /esim/fr")).toBe(2);
    // The switcher's link is never answered from a copy: proxy.ts remembers the choice.
    await get("/esim/fr?currency=usd", { accept: "text/html" });
    await get("/esim/fr?currency=usd", { accept: "text/html" });
    expect(timesReached("GET /esim/fr")).toBe(4);
  });

  it("hands each visitor without a submitter cookie a new one, and a visitor with one none", async () => {
    const first = await get("/topup/es");
    const second = await get("/topup/es");
    const third = await get("/topup/es");
    const withCookie = await get("/topup/es", { cookie: `submitter=${newSubmitterSecret()}` });
    expect(timesReached("GET /topup/es")).toBe(1);
    const secrets = [first, second, third].map(submitterOf);
    for (const secret of secrets) expect(isSubmitterSecret(secret)).toBe(true);
    expect(new Set(secrets).size).toBe(3);
    expect(String(second.headers["set-cookie"])).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=lax$/);
    expect(withCookie.headers["set-cookie"]).toBeUndefined();
  });

  it("never answers a signed-in visitor, a POST or an action from a copy", async () => {
    await get("/esim");
    await get("/esim", { cookie: "authjs.session-token=abc" });
    await get("/esim", { cookie: "__Secure-authjs.session-token.0=abc" });
    await get("/esim", { "next-action": "abc" });
    await get("/esim", {}, "POST");
    expect(timesReached("GET /esim")).toBe(4);
    expect(timesReached("POST /esim")).toBe(1);
  });

  it("does not keep what may not be given again", async () => {
    for (const path of [
      "/plain/page",
      "/first/rendering",
      "/stale/page",
      "/short/page",
      "/with-other-cookie",
      "/missing/page",
      "/_next/static/mutable.js",
    ]) {
      await get(path);
      await get(path);
      expect(timesReached(`GET ${path}`), path).toBe(2);
    }
  });

  it("keeps an immutable build file, written in pieces, whole", async () => {
    const first = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" });
    const again = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" });
    expect(timesReached("GET /_next/static/chunks/app.js")).toBe(1);
    expect(text(again)).toBe(text(first));
    expect(text(again)).toMatch(/^console\.log\("\/_next\/static\/chunks\/app\.js"\);\/\* build file \*\//);
  });

  it("keeps a public answer for its max-age (30 s at most), and no private one or one with a cookie", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 120_000 });
    const fiveSeconds = `/api/images/${encodeURIComponent("public, max-age=5")}`;
    const day = `/api/images/${encodeURIComponent("public, max-age=86400")}`;
    await get(fiveSeconds);
    await get(day);
    vi.setSystemTime(Date.now() + 4000);
    const copy = await get(fiveSeconds);
    expect(copy.headers.age).toBe("4");
    expect(timesReached(`GET ${fiveSeconds}`)).toBe(1);
    vi.setSystemTime(Date.now() + 2000);
    await get(fiveSeconds);
    expect(timesReached(`GET ${fiveSeconds}`)).toBe(2);
    vi.setSystemTime(Date.now() + PAGE_COPY_MS);
    await get(day);
    expect(timesReached(`GET ${day}`)).toBe(2);
    for (const path of [
      `/api/images/${encodeURIComponent("private, max-age=600")}`,
      `/api/images/${encodeURIComponent("public, max-age=600")}/cookie`,
      `/api/images/${encodeURIComponent("public, no-cache")}`,
    ]) {
      await get(path);
      await get(path);
      expect(timesReached(`GET ${path}`), path).toBe(2);
    }
  });

  it("keeps a public file Next.js prerendered (served from its cache) as a page, until everything is expired", async () => {
    const icon = `/api/images/${encodeURIComponent("public, max-age=0, must-revalidate")}/prerendered`;
    const notFromCache = `/api/images/${encodeURIComponent("public, max-age=0, must-revalidate")}`;
    for (const path of [icon, notFromCache]) {
      await get(path);
      await get(path);
    }
    expect(timesReached(`GET ${icon}`)).toBe(1);
    expect(timesReached(`GET ${notFromCache}`)).toBe(2);
    expireScopes(["esim"]);
    await get(icon);
    expect(timesReached(`GET ${icon}`)).toBe(1);
    expireScopes(["all"]);
    await get(icon);
    expect(timesReached(`GET ${icon}`)).toBe(2);
  });

  it("drops a page's copy once its scope, or everything, is expired, and only then", async () => {
    await get("/imei-check");
    await get("/giftcards");
    expireScopes(["esim"]);
    await get("/imei-check");
    await get("/giftcards");
    expect(timesReached("GET /imei-check")).toBe(1);
    expect(timesReached("GET /giftcards")).toBe(1);
    expireScopes(["giftcards"]);
    const refreshed = await get("/giftcards");
    expect(text(refreshed)).toContain(`render ${render}`);
    await get("/imei-check");
    expect(timesReached("GET /giftcards")).toBe(2);
    expect(timesReached("GET /imei-check")).toBe(1);
    expireScopes(["all"]);
    await get("/imei-check");
    expect(timesReached("GET /imei-check")).toBe(2);
  });

  it(`gives a page's copy for ${PAGE_COPY_MS / 1000} s at most when its rendering's freshness is not known`, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });
    await get("/unlock");
    vi.setSystemTime(Date.now() + PAGE_COPY_MS - 1000);
    await get("/unlock");
    expect(timesReached("GET /unlock")).toBe(1);
    vi.setSystemTime(Date.now() + 2000);
    await get("/unlock");
    expect(timesReached("GET /unlock")).toBe(2);
  });

  it("gives the copy of a page the page cache stored as long as that rendering is fresh there, and not a moment longer", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 90_000 });
    // The page cache stored the twin's rendering now, fresh for 300 s (its `revalidate`).
    const tags = "_N_T_/layout,_N_T_/[locale]/cached/[edition]/fresh/[plan]/page,_N_T_/en/cached/1/fresh/plan";
    await new PageCacheHandler({}).set(
      "/route-cache/APP_PAGE/x/$/en/cached/1/fresh/plan",
      { kind: "APP_PAGE", html: "<main/>", headers: { "x-next-cache-tags": tags } },
      { cacheControl: { revalidate: 300 } },
    );
    const renderedAt = Date.now();
    vi.setSystemTime(renderedAt + 100_000);
    await get("/fresh/plan");
    vi.setSystemTime(renderedAt + 299_000);
    expect((await get("/fresh/plan")).headers.age).toBe("199");
    expect(timesReached("GET /fresh/plan")).toBe(1);
    // Past the rendering's freshness, Next.js answers (and would render it again).
    vi.setSystemTime(renderedAt + 301_000);
    await get("/fresh/plan");
    expect(timesReached("GET /fresh/plan")).toBe(2);
    // A twin the page cache never stored here: the fallback lifetime.
    await get("/fresh/unknown");
    vi.setSystemTime(Date.now() + PAGE_COPY_MS + 1000);
    await get("/fresh/unknown");
    expect(timesReached("GET /fresh/unknown")).toBe(2);
  });

  it("asks for the document of a page whose prefetch was answered stale (once per page in a while), so Next.js renders it again", async () => {
    const refreshed: string[] = [];
    const own = createServer(
      withFrontCache(fakeNext, createFrontCache(undefined, { refreshStale: (url: string) => refreshed.push(url) })),
    );
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownBase = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    try {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 120_000 });
      const prefetch = { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" };
      await rawRequest(`${ownBase}/stale/topup?_rsc=abc`, prefetch);
      await rawRequest(`${ownBase}/stale/topup?_rsc=def`, prefetch);
      await rawRequest(`${ownBase}/stale/esim?type=data&_rsc=abc`, prefetch);
      // A document or navigation finding its page stale has Next.js render it itself; fresh answers ask for nothing.
      await rawRequest(`${ownBase}/stale/giftcards`);
      await rawRequest(`${ownBase}/stale/giftcards?_rsc=abc`, { rsc: "1" });
      await rawRequest(`${ownBase}/unlock?_rsc=abc`, prefetch);
      expect(refreshed).toEqual(["/stale/topup", "/stale/esim?type=data"]);
      // A stale answer is still never copied.
      expect(timesReached("GET /stale/topup rsc")).toBe(2);
      vi.setSystemTime(Date.now() + STALE_REFRESH_MS);
      await rawRequest(`${ownBase}/stale/topup?_rsc=abc`, prefetch);
      expect(refreshed).toEqual(["/stale/topup", "/stale/esim?type=data", "/stale/topup"]);
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
    }
  });

  it("a cached page's document lists the hashes of exactly its inline scripts, from its first, streamed rendering on; a new rendering, new hashes", async () => {
    const first = await get("/first/rendering", { "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(text(first)).toBe(page(`/first/rendering render ${render}`));
    expect(scriptSrc(first)).toBe(scriptSrcOf(`/first/rendering render ${render}`));
    expect(first.headers["content-security-policy"]).not.toContain("unsafe-inline'; script");
    // The rest of the policy is proxy.ts's, unchanged.
    expect(String(first.headers["content-security-policy"]).replace(scriptSrc(first), "")).toBe(
      STRICT_CSP.replace(/script-src [^;]*/, ""),
    );
    render += 1;
    const rerendered = await get("/first/rendering");
    expect(scriptSrc(rerendered)).toBe(scriptSrcOf(`/first/rendering render ${render}`));
    expect(scriptSrc(rerendered)).not.toBe(scriptSrc(first));
  });

  it("fails closed: a document too large to hold, an RSC payload, or a page not served from the page cache keeps the policy Next.js sent", async () => {
    const big = await get("/big/page");
    expect(big.status).toBe(200);
    expect(text(big)).toContain("<p>Long.</p>".repeat(10));
    expect(text(big).endsWith("</html>")).toBe(true);
    expect(big.headers["content-security-policy"]).toBe(STRICT_CSP);
    const rsc = await get("/esim/fr", { rsc: "1" });
    expect(rsc.headers["content-security-policy"]).toBe(STRICT_CSP);
    const plain = await get("/plain/other");
    expect(plain.headers["content-security-policy"]).toBe(STRICT_CSP);
  });

  it("a signed-in visitor's answer is never copied, and a cached page's document still gets its hashes", async () => {
    const signedIn = await get("/unlock/2", { cookie: "authjs.session-token=abc" });
    expect(scriptSrc(signedIn)).toBe(scriptSrcOf(`/unlock/2 render ${render}`));
    await get("/unlock/2", { cookie: "authjs.session-token=abc" });
    expect(timesReached("GET /unlock/2")).toBe(2);
  });

  it("a 304 from Next.js for a cached page carries the policy of the document its ETag names, or none (the browser keeps the one it has)", async () => {
    const session = { cookie: "authjs.session-token=abc" };
    const first = await get("/unlock/3", session);
    const revalidated = await get("/unlock/3", { ...session, "if-none-match": String(first.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(timesReached("GET /unlock/3")).toBe(2);
    expect(revalidated.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(scriptSrc(revalidated)).toBe(scriptSrcOf(`/unlock/3 render ${render}`));
    const unknown = await get("/unlock/4", { ...session, "if-none-match": `"/unlock/4-${render}"` });
    expect(unknown.status).toBe(304);
    expect(unknown.headers["content-security-policy"]).toBeUndefined();
  });
});
