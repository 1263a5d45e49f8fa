// scripts/serve.mjs's front door over real HTTP: a registered route is answered by its handler
// (a Web Request in, with the body and headers as sent) with the receivers' headers; anything
// else, and a route before it is registered, goes on to Next.js (here a stand-in).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerFrontRoute, unregisterFrontRoute, withFrontRoutes } from "./front-routes.mjs";

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

describe("the front door", () => {
  it("goes on to Next.js until a route is registered, then answers it with the receivers' headers", async () => {
    toNext.length = 0;
    const before = await fetch(`${base}/api/hooks/echo`, { method: "POST", body: "x" });
    expect(await before.text()).toBe("from next");

    registerFrontRoute("POST", "/api/hooks/echo", async (request: Request) => Response.json({ body: await request.text(), signature: request.headers.get("webhook-signature"), url: new URL(request.url).pathname }, { status: 202 }));
    try {
      const body = JSON.stringify({ type: "order.fulfilled", data: { id: "ord_1" } });
      const answer = await fetch(`${base}/api/hooks/echo`, { method: "POST", body, headers: { "content-type": "application/json", "webhook-signature": "v1,abc" } });
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ body, signature: "v1,abc", url: "/api/hooks/echo" });
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      // Next.js in the same process checks answers with instanceof Response: the adapter must
      // leave the globals alone.
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
    registerFrontRoute("POST", "/api/hooks/broken", async () => {
      throw new Error("secret detail at /work/main/lib/x.ts:12");
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
});
