// No x-nextjs-* / x-middleware-* header leaves scripts/serve.mjs, over real HTTP: answers sent
// every way Node.js allows, answers from the front cache's copies (plain and compressed), while
// the front cache still reads x-nextjs-cache to decide what to copy. The server here is composed
// as serve.mjs composes its own: stripInternalHeaders first on the answer, then the front cache
// and compression around a stand-in for Next.js.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TWIN_HEADER } from "@/lib/page-cache/handler.mjs";
import { createFrontCache, withFrontCache } from "./front-cache.mjs";
import { isInternalHeader, stripInternalHeaders } from "./internal-headers.mjs";
import { decodedText, rawRequest, type RawAnswer } from "./raw-answers";

/** The internal headers Next.js sets (seen on the shop's answers), and one of each family it may add. */
const INTERNAL = {
  "x-nextjs-cache": "HIT",
  "x-nextjs-prerender": "1",
  "x-nextjs-stale-time": "300",
  "x-middleware-rewrite": "/en/cached/1/giftcards",
  "X-Middleware-Next": "1",
};

const reached = new Map<string, number>();

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://shop").pathname;
  reached.set(path, (reached.get(path) ?? 0) + 1);
  const body = `<!doctype html><html><body><h1>${path}</h1>${"<p>A cached catalog page.</p>".repeat(100)}</body></html>`;
  if (path === "/implicit") {
    // Headers set one by one, the head written by Node.js itself on the first write.
    for (const [name, value] of Object.entries(INTERNAL)) res.setHeader(name, value);
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.write(body.slice(0, 100));
    res.end(body.slice(100));
    return;
  }
  if (path === "/object") {
    res.setHeader("x-nextjs-cache", "MISS");
    res.writeHead(200, "OK", { ...INTERNAL, "content-type": "text/plain", "x-kept": "yes" });
    res.end("object");
    return;
  }
  if (path === "/flat") {
    res.writeHead(404, [
      "x-nextjs-cache",
      "MISS",
      "content-type",
      "text/plain",
      "x-middleware-rewrite",
      "/en/x",
      "x-kept",
      "yes",
    ]);
    res.end("flat");
    return;
  }
  // A cached catalog page, as proxy.ts and Next.js answer it: marked with its twin, from the page cache.
  res.setHeader(PAGE_TWIN_HEADER, `/en/cached/1${path}`);
  for (const [name, value] of Object.entries(INTERNAL)) res.setHeader(name, value);
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("etag", `"${path}"`);
  res.end(body);
}

let server: Server;
let base: string;
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${base}${path}`, headers);
const internalOf = (answer: RawAnswer) => Object.keys(answer.headers).filter(isInternalHeader);

beforeAll(async () => {
  const handle = withFrontCache(fakeNext, createFrontCache());
  server = createServer((req, res) => {
    stripInternalHeaders(res);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("isInternalHeader", () => {
  it("names Next.js's x-nextjs-* and x-middleware-* headers, in any case, and nothing else", () => {
    for (const name of Object.keys(INTERNAL)) expect(isInternalHeader(name), name).toBe(true);
    for (const name of [
      "x-powered-by",
      "content-type",
      "link",
      "x-nextjs",
      "x-middleware",
      "x-action-redirect",
      "vary",
    ])
      expect(isInternalHeader(name), name).toBe(false);
  });
});

describe("stripInternalHeaders", () => {
  it("takes them off answers whose head Node.js writes itself, and off writeHead's object and flat list, keeping every other header", async () => {
    const implicit = await get("/implicit");
    const object = await get("/object");
    const flat = await get("/flat");
    expect(implicit.status).toBe(200);
    expect(object.status).toBe(200);
    expect(flat.status).toBe(404);
    for (const answer of [implicit, object, flat]) expect(internalOf(answer)).toEqual([]);
    expect(object.headers["x-kept"]).toBe("yes");
    expect(flat.headers["x-kept"]).toBe("yes");
    expect(decodedText(implicit)).toContain("<h1>/implicit</h1>");
    expect(object.body.toString()).toBe("object");
  });

  it("leaves the front cache reading x-nextjs-cache: a page cache hit is copied and given again, plain and compressed, without them", async () => {
    const first = await get("/giftcards/gb");
    const again = await get("/giftcards/gb");
    const brotli = await get("/giftcards/gb", { "accept-encoding": "br" });
    const gzip = await get("/giftcards/gb", { "accept-encoding": "gzip" });
    // Copied (so the front cache saw HIT): Next.js reached once, the others answered from the copy.
    expect(reached.get("/giftcards/gb")).toBe(1);
    for (const copy of [again, brotli, gzip]) expect(copy.headers.age).toBeDefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    for (const answer of [first, again, brotli, gzip]) {
      expect(answer.status).toBe(200);
      expect(internalOf(answer)).toEqual([]);
      expect(answer.headers[PAGE_TWIN_HEADER]).toBeUndefined();
      expect(decodedText(answer)).toBe(decodedText(first));
    }
  });

  it("takes them off compressed answers Next.js sends through the compression layer", async () => {
    const answer = await get("/compressed-page", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(internalOf(answer)).toEqual([]);
    expect(decodedText(answer)).toContain("<h1>/compressed-page</h1>");
  });
});
