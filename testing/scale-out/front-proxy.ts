import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";

// The reverse proxy in front of the scale-out cluster, as nginx or Caddy would be in a deployment
// (docs/deploy.md, "The reverse proxy"): one public address (the shop's APP_URL, where the upstream
// posts its webhooks and mails link to), requests spread round-robin over the app instances, and a
// request that cannot reach an instance (killed, restarting) tried on the next one. Bodies are
// small here (forms, webhooks): each is read whole before it is sent, so it can be sent again.

export type FrontProxy = { url: string; close: () => Promise<void>; served: () => Record<string, number> };

export async function startFrontProxy(port: number, upstreams: string[]): Promise<FrontProxy> {
  let next = 0;
  const served: Record<string, number> = {};

  async function forward(
    req: IncomingMessage,
    body: Buffer,
    target: string,
  ): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
    const url = new URL(req.url ?? "/", target);
    return new Promise((resolve, reject) => {
      const headers = {
        ...req.headers,
        "x-forwarded-for": req.socket.remoteAddress ?? "",
        "x-forwarded-proto": "http",
        "x-forwarded-host": req.headers.host ?? "",
      };
      const out = httpRequest(url, { method: req.method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 502,
            headers: res.headers as Record<string, string | string[]>,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      });
      out.setTimeout(60_000, () => out.destroy(new Error("upstream timeout")));
      out.on("error", reject);
      out.end(body);
    });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      // Each instance once, starting with the next in turn; a connection refused moves on.
      for (let attempt = 0; attempt < upstreams.length; attempt++) {
        const target = upstreams[(next + attempt) % upstreams.length]!;
        try {
          const answer = await forward(req, body, target);
          next = (next + attempt + 1) % upstreams.length;
          served[target] = (served[target] ?? 0) + 1;
          delete answer.headers["transfer-encoding"];
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
          return;
        } catch {
          // that instance is down: the next one
        }
      }
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("no app instance answered");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => ({ ...served }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
