// The compression in front of Next.js (scripts/serve.mjs) over real HTTP: whole answers with an
// ETag are compressed once and served from memory after that; streamed answers are compressed as
// they go; clients that take no compression get the plain bytes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodedText, rawRequest } from "./raw-answers";
import { chosenEncoding, createCompressedStore, withCompression } from "./compressed-answers.mjs";

const PAGE = `<!doctype html><html><body>${"<p>A cached catalog page.</p>".repeat(400)}</body></html>`;
let server: Server;
let base: string;
const store = createCompressedStore();

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  if (req.url === "/cached") {
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("ETag", '"page-v1"');
    res.setHeader("Content-Length", Buffer.byteLength(PAGE));
    res.end(req.method === "HEAD" ? null : PAGE);
    return;
  }
  if (req.url === "/streamed") {
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.write(PAGE.slice(0, 5000));
    setTimeout(() => res.end(PAGE.slice(5000)), 5);
    return;
  }
  res.statusCode = 404;
  res.end("not found");
}

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(`${base}${path}`, headers, method);
const decoded = decodedText;

beforeAll(async () => {
  server = createServer(withCompression(fakeNext, store));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("compressed answers", () => {
  it("a whole answer with an ETag: compressed once, the same bytes after that, and decodes to the page", async () => {
    const first = await get("/cached", { "accept-encoding": "gzip, deflate, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(first.body.length).toBeLessThan(Buffer.byteLength(PAGE) / 5);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(first)).toBe(PAGE);
    const stored = store.size.entries;
    const again = await get("/cached", { "accept-encoding": "gzip, deflate, br" });
    expect(again.body.equals(first.body)).toBe(true);
    expect(store.size.entries).toBe(stored);

    const gzip = await get("/cached", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip)).toBe(PAGE);
  });

  it("a streamed answer is compressed as it goes; a client without compression gets the plain page; HEAD has no body", async () => {
    const streamed = await get("/streamed", { "accept-encoding": "gzip" });
    expect(streamed.headers["content-encoding"]).toBe("gzip");
    expect(decoded(streamed)).toBe(PAGE);

    const plain = await get("/cached", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(PAGE);

    const head = await get("/cached", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const missing = await get("/nothing", { "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(decoded(missing)).toBe("not found");
  });

  it("chooses br, then gzip, and honours q=0", () => {
    expect(chosenEncoding("gzip, deflate, br")).toBe("br");
    expect(chosenEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chosenEncoding("identity")).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });

  it("the store keeps at most its byte budget, least recently used out first", () => {
    const small = createCompressedStore(8_000);
    for (let i = 0; i < 10; i++) small.set(`k${i}`, Buffer.alloc(900), 900);
    expect(small.size.bytes).toBeLessThanOrEqual(8_000);
    expect(small.get("k0")).toBeUndefined();
    expect(small.get("k9")).toBeDefined();
  });
});
