// Signed commerce webhook deliveries and the load that fires them, shared by
// bench/webhook-ingest.ts (SQLite, against the minimal baseline) and bench/capacity.ts
// (PostgreSQL, several instances).
import autocannon from "autocannon";
import { createDecipheriv, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { treeCpuSeconds } from "./shop-process";

/** The Setting under which the shop keeps the secret it registered with the upstream (sealed). */
export const WEBHOOK_SECRET_SETTING = "commerce.webhook.secret";

/** lib/crypto/secret-box.ts's sealed format "v1.<nonce>.<ciphertext>.<tag>" (that module is server-only). */
export function openSealed(sealed: string, keyBase64: string): string {
  const [, nonce, ciphertext, tag] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", Buffer.from(keyBase64, "base64"), Buffer.from(nonce!, "base64url"));
  decipher.setAuthTag(Buffer.from(tag!, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext!, "base64url")), decipher.final()]).toString("utf8");
}

export type Delivery = { body: string; headers: Record<string, string> };

/**
 * `count` validly signed, distinct `order.fulfilled` deliveries for orders the shop does not
 * have: the receiver stores, dedupes and processes each, and files it as "unmatched".
 */
export function deliveries(secret: string, round: number, count: number): Delivery[] {
  const webhook = new Webhook(secret);
  const now = new Date();
  return Array.from({ length: count }, (_, i) => {
    const id = `evt_bench_${round}_${i}_${randomBytes(4).toString("hex")}`;
    const body = JSON.stringify({
      id,
      type: "order.fulfilled",
      timestamp: now.toISOString(),
      environment: "sandbox",
      data: {
        order_id: `ord_bench_${round}_${i}`,
        type: "topup",
        status: "fulfilled",
        phone: "+447400123456",
        total: "5.00",
        currency: "EUR",
        delivery_status: "delivered",
      },
    });
    return {
      body,
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": webhook.sign(id, now, body),
      },
    };
  });
}

export type LoadRun = { rps: number; p99: number; cpuMs: number; errors: number; processedRps?: number };

/** Posts every delivery once at `concurrency`; receipts per second, p99, and CPU per delivery of the processes in `pids`. */
export async function fire(url: string, batch: Delivery[], pids: number[], concurrency: number): Promise<LoadRun> {
  let next = 0;
  const cpu = () => pids.reduce((sum, pid) => sum + treeCpuSeconds(pid), 0);
  const cpuBefore = cpu();
  const started = performance.now();
  const result = await autocannon({
    url,
    method: "POST",
    connections: concurrency,
    amount: batch.length,
    requests: [
      {
        setupRequest: (request) => {
          const delivery = batch[next++ % batch.length]!;
          return { ...request, method: "POST", body: delivery.body, headers: delivery.headers };
        },
      },
    ],
  });
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpuAfter = cpu();
  // Deliveries over the run's duration, timed here: autocannon's per-second average is too
  // coarse for a run of a few seconds (it read 2,000/s for every baseline run of 2,000
  // deliveries), and so is its `duration` (whole seconds: 5,000 in 1.4 s read "5,000/s").
  return {
    rps: result.requests.total / Math.max(0.01, elapsedSeconds),
    p99: result.latency.p99,
    cpuMs: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    errors: result.errors + result.non2xx,
  };
}
