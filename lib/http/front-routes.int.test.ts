// scripts/serve.mjs's front door over real HTTP: a registered route is answered by its handler
// (the headers and the body as sent, read with the route's cap) with the receivers' headers;
// anything else, and a route before it is registered, goes on to Next.js (here a stand-in).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { registerFrontRoute, unregisterFrontRoute, withFrontRoutes, type FrontRequest } from "./front-routes.mjs";

const GlobalResponse = globalThis.Response;
const GlobalRequest = globalThis.Request;
let server: Server;
let base: string;
const toNext: string[] = [];

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  toNext.push(`${req.method} ${req.url}`);
  res.setHeader("Content-Type", "text/plain");
  res.end("from next");
}

beforeAll(async () => {
  server = createServer(withFrontRoutes(fakeNext));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Echoes what the handler was given; bodies over 64 bytes are over its cap. */
const echo = {
  maxBodyBytes: 64,
  prefixBytes: 16,
  handle: async ({ headers, body }: FrontRequest) => ({
    status: body.ok ? 202 : 413,
    body: { body, signature: headers.get("webhook-signature") },
  }),
};

/** A POST whose body arrives in pieces, without a declared length (chunked). */
function postInChunks(path: string, pieces: string[]): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method: "POST" }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
    });
    request.on("error", reject);
    for (const piece of pieces) request.write(piece);
    request.end();
  });
}

describe("the front door", () => {
  it("goes on to Next.js until a route is registered, then answers it with the receivers' headers", async () => {
    toNext.length = 0;
    const before = await fetch(`${base}/api/hooks/echo`, { method: "POST", body: "x" });
    expect(await before.text()).toBe("from next");

    registerFrontRoute("POST", "/api/hooks/echo", echo);
    try {
      const body = JSON.stringify({ type: "order.fulfilled", data: { id: "ord_1" } });
      const answer = await fetch(`${base}/api/hooks/echo`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "webhook-signature": "v1,abc" },
      });
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({
        body: { ok: true, text: body, bytes: Buffer.byteLength(body) },
        signature: "v1,abc",
      });
      expect(answer.headers.get("content-type")).toBe("application/json");
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      // Next.js in the same process checks answers with instanceof Response: the globals stay its own.
      expect(globalThis.Response).toBe(GlobalResponse);
      expect(globalThis.Request).toBe(GlobalRequest);

      // Other methods and paths, and the path with a query, are Next.js's.
      await fetch(`${base}/api/hooks/echo`);
      await fetch(`${base}/api/hooks/echo/more`, { method: "POST", body: "x" });
      expect(toNext).toEqual(["POST /api/hooks/echo", "GET /api/hooks/echo", "POST /api/hooks/echo/more"]);
    } finally {
      unregisterFrontRoute("POST", "/api/hooks/echo");
    }
  });

  it("answers a handler's unexpected failure with a 500 and a code, never a stack trace", async () => {
    registerFrontRoute("POST", "/api/hooks/broken", {
      ...echo,
      handle: async () => {
        throw new Error("secret detail at /work/main/lib/x.ts:12");
      },
    });
    try {
      const answer = await fetch(`${base}/api/hooks/broken`, { method: "POST", body: "{}" });
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ error: { code: "internal", message: "The request could not be handled." } });
      expect(text).not.toContain("secret detail");
    } finally {
      unregisterFrontRoute("POST", "/api/hooks/broken");
    }
  });

  it("reads a body only up to the route's cap: a declared oversize body by its prefix, a chunked one until it passes the cap", async () => {
    registerFrontRoute("POST", "/api/hooks/echo", echo);
    try {
      const declared = await fetch(`${base}/api/hooks/echo`, { method: "POST", body: "x".repeat(5000) });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toEqual({
        body: { ok: false, prefix: "x".repeat(16), bytes: 5000 },
        signature: null,
      });

      const chunked = await postInChunks("/api/hooks/echo", ["a".repeat(40), "b".repeat(40), "c".repeat(40)]);
      expect(chunked.status).toBe(413);
      const { body } = chunked.json as { body: { ok: boolean; prefix: string; bytes: number } };
      expect(body.ok).toBe(false);
      expect(body.prefix).toBe("a".repeat(16));
      expect(body.bytes).toBeGreaterThan(64);
      expect(body.bytes).toBeLessThan(120);

      // Within the cap, in pieces, the body is whole.
      const small = await postInChunks("/api/hooks/echo", ['{"a":', "1}"]);
      expect(small).toEqual({ status: 202, json: { body: { ok: true, text: '{"a":1}', bytes: 7 }, signature: null } });
    } finally {
      unregisterFrontRoute("POST", "/api/hooks/echo");
    }
  });
});
