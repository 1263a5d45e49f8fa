// For the tests of scripts/serve.mjs's layers (compressed-answers, front-cache): an HTTP
// answer exactly as sent (fetch would decompress it and hide the encoding), and its text.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export type RawAnswer = { status: number; headers: IncomingMessage["headers"]; body: Buffer };

export function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The answer's body as text, decompressed as its Content-Encoding says. */
export function decodedText(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
}
