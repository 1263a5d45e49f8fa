// A webhook receiver on 127.0.0.1 (port 0) that records each request's raw body and headers
// and answers with the next status of a script (the last one repeats).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };

export async function startReceiver(statuses: number[] = [200]) {
  const received: Received[] = [];
  let script = [...statuses];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const status = script.length > 1 ? script.shift()! : (script[0] ?? 200);
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(next: number[]) {
      script = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
