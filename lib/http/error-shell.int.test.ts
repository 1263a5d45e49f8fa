// Next.js answers a notFound() raised while rendering with a bare shell (no lang, empty body;
// vercel/next.js#62228). Over real HTTP, composed as scripts/serve.mjs composes it (the front
// cache and its compression around it), with a stand-in for Next.js that answers the way Next.js
// does: the served document of a 404 gets the address's language and a message with a way back,
// compressed or not, however the shell is split into chunks; every other answer is untouched.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFrontCache, withFrontCache } from "./front-cache.mjs";
import { withLocalizedErrorShell } from "./error-shell.mjs";
import { decodedText, rawRequest } from "./raw-answers";

// The shape of Next.js 16's shell (trimmed): head, then a body React fills on the client.
const SHELL_HEAD =
  '<!DOCTYPE html><html id="__next_error__"><head><meta charSet="utf-8"/><title>Page not found · Relay</title></head>';
const SHELL_BODY =
  '<body><div hidden=""><!--$--><!--/$--></div><script nonce="n">self.__next_f=[]</script></body></html>';

function fakeNext(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? "/", "http://shop").pathname;
  res.setHeader("content-type", "text/html; charset=utf-8");
  if (path.endsWith("/found")) {
    res.end(
      `<!DOCTYPE html><html lang="en"><body><h1>A page</h1><p>${'<html id="__next_error__">'.replace(/</g, "&lt;")}</p></body></html>`,
    );
    return;
  }
  if (path.endsWith("/json-404")) {
    res.statusCode = 404;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ error: { code: "NOT_FOUND" } }));
    return;
  }
  res.statusCode = 404;
  if (path.endsWith("/split")) {
    // Head and body in separate chunks, bytes, as Next.js streams them.
    res.write(Buffer.from(SHELL_HEAD));
    res.write(Buffer.from(SHELL_BODY.slice(0, 40)));
    res.end(Buffer.from(SHELL_BODY.slice(40)));
    return;
  }
  res.setHeader("content-length", Buffer.byteLength(SHELL_HEAD + SHELL_BODY));
  res.end(SHELL_HEAD + SHELL_BODY);
}

let server: Server;
let base: string;

beforeAll(async () => {
  const handle = withFrontCache(withLocalizedErrorShell(fakeNext), createFrontCache());
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("withLocalizedErrorShell", () => {
  it("gives a not-found shell the address's language and a message with a way back to the shop", async () => {
    const english = await rawRequest(`${base}/no-such-page`, { "accept-encoding": "identity" });
    expect(english.status).toBe(404);
    const html = decodedText(english);
    expect(html).toContain('<html id="__next_error__" lang="en">');
    expect(html).toContain(
      '<body><main id="main"><h1>We could not find that page</h1><p>The link may be mistyped, or the page has moved.</p><p><a href="/">Back to the shop</a></p></main><div hidden="">',
    );
    // The shell announced its own length: the longer answer still arrives whole.
    expect(html.endsWith("</body></html>")).toBe(true);

    const spanish = decodedText(await rawRequest(`${base}/es/orders/unknown-ref`, { "accept-encoding": "gzip" }));
    expect(spanish).toContain('<html id="__next_error__" lang="es">');
    expect(spanish).toContain("<h1>No hemos encontrado esa página</h1>");
    expect(spanish).toContain('<a href="/es">Volver a la tienda</a>');
  });

  it("finds the shell and its body across Next.js's chunks, compressed or not", async () => {
    for (const encoding of ["identity", "br"]) {
      const html = decodedText(await rawRequest(`${base}/es/split`, { "accept-encoding": encoding }));
      expect(html, encoding).toContain('<html id="__next_error__" lang="es">');
      expect(html.match(/<main id="main">/g), encoding).toHaveLength(1);
      expect(html.endsWith("</body></html>"), encoding).toBe(true);
    }
  });

  it("leaves every other answer as it is", async () => {
    const page = await rawRequest(`${base}/found`, { "accept-encoding": "identity" });
    expect(page.status).toBe(200);
    expect(decodedText(page)).not.toContain("<main");
    const api = await rawRequest(`${base}/json-404`, { "accept-encoding": "identity" });
    expect(api.status).toBe(404);
    expect(JSON.parse(decodedText(api))).toEqual({ error: { code: "NOT_FOUND" } });
  });
});
