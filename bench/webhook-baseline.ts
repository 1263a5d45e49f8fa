// The minimal webhook receiver bench/webhook-ingest.ts compares the shop with: a
// bare node:http server that verifies the Standard Webhooks signature and inserts one row into
// SQLite (WAL) with better-sqlite3 before answering 200. Run as its own process, so its CPU time
// is its own. env: BASELINE_SECRET, BASELINE_PORT, BASELINE_DIR.
import Database from "better-sqlite3";
import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";

const dir = process.env.BASELINE_DIR ?? "data/bench-webhooks/baseline";
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const db = new Database(join(dir, "receipts.db"));
db.pragma("journal_mode = WAL");
db.exec(
  `CREATE TABLE receipt (id INTEGER PRIMARY KEY, event_id TEXT UNIQUE, body TEXT NOT NULL, received_at TEXT NOT NULL)`,
);
const insert = db.prepare(`INSERT OR IGNORE INTO receipt (event_id, body, received_at) VALUES (?, ?, ?)`);
const webhook = new Webhook(process.env.BASELINE_SECRET!);

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    try {
      webhook.verify(body, request.headers as Record<string, string>);
    } catch {
      response.writeHead(401).end();
      return;
    }
    insert.run(String(request.headers["webhook-id"]), body, new Date().toISOString());
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
}).listen(Number(process.env.BASELINE_PORT ?? 3520), "127.0.0.1", () => console.log("baseline ready"));
