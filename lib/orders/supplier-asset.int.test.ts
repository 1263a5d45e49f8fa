import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchSupplierAsset } from "./supplier-asset";

// A supplier's file fetched for the shop to serve from its own address: only the expected type,
// within the size cap, never through a redirect (which could lead anywhere).

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/report.pdf")
      return response.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4 report");
    if (request.url === "/page.html")
      return response.writeHead(200, { "content-type": "text/html" }).end("<h1>not a pdf</h1>");
    if (request.url === "/big.pdf")
      return response.writeHead(200, { "content-type": "application/pdf" }).end(Buffer.alloc(2048, 1));
    if (request.url === "/moved.pdf") return response.writeHead(302, { location: "/report.pdf" }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const pdf = new Set(["application/pdf"]);

describe("fetchSupplierAsset", () => {
  it("answers the file with its type", async () => {
    const asset = await fetchSupplierAsset(`${base}/report.pdf`, { types: pdf, maxBytes: 1024 });
    expect(asset?.contentType).toBe("application/pdf");
    expect(Buffer.from(asset!.body).toString()).toBe("%PDF-1.4 report");
  });

  it("refuses another type, an oversize file, a redirect, a missing file and a non-web URL", async () => {
    expect(await fetchSupplierAsset(`${base}/page.html`, { types: pdf, maxBytes: 1024 })).toBeNull();
    expect(await fetchSupplierAsset(`${base}/big.pdf`, { types: pdf, maxBytes: 1024 })).toBeNull();
    expect(await fetchSupplierAsset(`${base}/moved.pdf`, { types: pdf, maxBytes: 1024 })).toBeNull();
    expect(await fetchSupplierAsset(`${base}/nothing.pdf`, { types: pdf, maxBytes: 1024 })).toBeNull();
    expect(await fetchSupplierAsset("file:///etc/passwd", { types: pdf, maxBytes: 1024 })).toBeNull();
  });
});
