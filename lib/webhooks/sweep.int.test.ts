import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import type { WebhookReceipt } from "@/lib/db/generated/sqlite/client";
import type { ProcessorLookup } from "./process";
import { PermanentProcessingError, runProcessing, type ReceiptProcessor } from "./processing";
import { claimForRetry, STUCK_AFTER_MS, storeVerified } from "./store";
import { MAX_SWEEP_ATTEMPTS, SWEEP_BACKOFF_MS, sweepWebhookReceipts } from "./sweep";

// The shop's own retry of receipts whose processing after the answer failed or was lost
// (sweep.ts), on a real database with a stand-in processor: when a receipt is due, that a
// claimed one is never processed twice at once, and what the sweep leaves to staff.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const SECOND = 1_000;
let seq = 0;

/** A verified receipt as the receiver stores it (status received, first attempt). */
async function stored(): Promise<WebhookReceipt> {
  const eventId = `evt_sweep_${++seq}`;
  const body = JSON.stringify({ id: eventId, type: "order.fulfilled", data: { order_id: `ord_sweep_${seq}` } });
  const result = await storeVerified(t.db, {
    provider: "test",
    headers: new Headers({ "webhook-id": eventId }),
    rawBody: body,
    eventId,
    connectionId: null,
  });
  return result.receipt;
}

/** A stand-in processor that records the receipts it was given and does what `outcome` says. */
function processor(outcome: (receipt: WebhookReceipt) => Promise<void> = async () => undefined) {
  const calls: string[] = [];
  const process: ReceiptProcessor = async (_db, receipt) => {
    calls.push(receipt.id);
    await outcome(receipt);
    return {};
  };
  const lookup: ProcessorLookup = async () => process;
  return { calls, process, lookup };
}

const failing: ReceiptProcessor = async () => {
  throw new Error("database is locked");
};

/** Stored, then a first attempt that fails at `at`. */
async function failedAt(at: Date, fail: ReceiptProcessor = failing): Promise<WebhookReceipt> {
  const receipt = await stored();
  await runProcessing(t.db, receipt, fail, () => at);
  return t.db.webhookReceipt.findUniqueOrThrow({ where: { id: receipt.id } });
}

const reload = (id: string) => t.db.webhookReceipt.findUniqueOrThrow({ where: { id } });

/** A sweep at `now` (other tests' receipts may be due too: each test looks only at its own). */
async function sweepAt(now: Date, lookup: ProcessorLookup) {
  return sweepWebhookReceipts(t.db, { now, processors: lookup, limit: 1_000 });
}

describe("failed receipts", () => {
  it("are retried after their backoff, counted as another attempt, and end processed once the cause is gone", async () => {
    const at = new Date(Date.now() - 10 * 60_000);
    const receipt = await failedAt(at);
    expect(receipt).toMatchObject({ status: "failed", attempts: 1, error: "database is locked", processedAt: at });

    const stub = processor();
    await sweepAt(new Date(at.getTime() + SWEEP_BACKOFF_MS[0] - SECOND), stub.lookup);
    expect(stub.calls).not.toContain(receipt.id);
    expect((await reload(receipt.id)).status).toBe("failed");

    await sweepAt(new Date(at.getTime() + SWEEP_BACKOFF_MS[0] + SECOND), stub.lookup);
    expect(stub.calls.filter((id) => id === receipt.id)).toHaveLength(1);
    expect(await reload(receipt.id)).toMatchObject({
      status: "processed",
      attempts: 2,
      error: null,
      eventType: "order.fulfilled",
    });
  });

  it("wait longer after each failed attempt (backoff from the last attempt, not from arrival)", async () => {
    const at = new Date(Date.now() - 60 * 60_000);
    const receipt = await failedAt(at);
    const stillFailing = processor(async () => {
      throw new Error("still locked");
    });
    const second = new Date(at.getTime() + SWEEP_BACKOFF_MS[0] + SECOND);
    await sweepAt(second, stillFailing.lookup);
    expect(await reload(receipt.id)).toMatchObject({
      status: "failed",
      attempts: 2,
      error: "still locked",
      processedAt: second,
    });

    // The second wait is longer than the first, counted from the second attempt.
    await sweepAt(new Date(second.getTime() + SWEEP_BACKOFF_MS[0] + SECOND), stillFailing.lookup);
    expect(stillFailing.calls.filter((id) => id === receipt.id)).toHaveLength(1);
    await sweepAt(new Date(second.getTime() + SWEEP_BACKOFF_MS[1] + SECOND), stillFailing.lookup);
    expect(stillFailing.calls.filter((id) => id === receipt.id)).toHaveLength(2);
    expect(await reload(receipt.id)).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("are left to staff after MAX_SWEEP_ATTEMPTS attempts, and a permanent failure at once", async () => {
    const long = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    const exhausted = await failedAt(long);
    await t.db.webhookReceipt.update({ where: { id: exhausted.id }, data: { attempts: MAX_SWEEP_ATTEMPTS } });
    const permanent = await failedAt(long, async () => {
      throw new PermanentProcessingError("malformed JSON");
    });
    expect(permanent.error).toBe("permanent: malformed JSON");

    const stub = processor();
    await sweepAt(new Date(), stub.lookup);
    expect(stub.calls).not.toContain(exhausted.id);
    expect(stub.calls).not.toContain(permanent.id);
    expect((await reload(exhausted.id)).status).toBe("failed");
    expect((await reload(permanent.id)).status).toBe("failed");
  });

  it("unmatched receipts are not swept (they wait for a redelivery or staff)", async () => {
    const receipt = await stored();
    await runProcessing(
      t.db,
      receipt,
      async () => ({ unmatched: true, note: "no such order" }),
      () => new Date(Date.now() - 60 * 60_000),
    );
    const stub = processor();
    await sweepAt(new Date(), stub.lookup);
    expect(stub.calls).not.toContain(receipt.id);
    expect((await reload(receipt.id)).status).toBe("unmatched");
  });
});

describe("receipts left received", () => {
  it("a fresh one (being processed after the answer) is not taken; one whose attempt began over STUCK_AFTER_MS ago is", async () => {
    const receipt = await stored();
    const stub = processor();
    await sweepAt(new Date(receipt.receivedAt.getTime() + STUCK_AFTER_MS - SECOND), stub.lookup);
    expect(stub.calls).not.toContain(receipt.id);
    await sweepAt(new Date(receipt.receivedAt.getTime() + STUCK_AFTER_MS + SECOND), stub.lookup);
    expect(stub.calls.filter((id) => id === receipt.id)).toHaveLength(1);
    expect(await reload(receipt.id)).toMatchObject({ status: "processed", attempts: 2 });
  });

  it("a receipt claimed for a retry long after it arrived is held by its claim: no other sweep takes it meanwhile", async () => {
    const at = new Date(Date.now() - 2 * 60 * 60_000);
    const receipt = await failedAt(at);
    // A staff replay (or another instance's sweep) claims it now; its attempt is still running.
    const now = new Date();
    const claimed = (await claimForRetry(t.db, receipt, now))!;
    expect(claimed).toMatchObject({ status: "received", attempts: 2, processedAt: now });

    const stub = processor();
    await sweepAt(new Date(now.getTime() + STUCK_AFTER_MS - SECOND), stub.lookup);
    expect(stub.calls).not.toContain(receipt.id);
    expect(await claimForRetry(t.db, claimed, new Date(now.getTime() + SECOND))).toBeNull();
    // A claim that outlives STUCK_AFTER_MS was lost (a crash): then it is taken again.
    await sweepAt(new Date(now.getTime() + STUCK_AFTER_MS + SECOND), stub.lookup);
    expect(stub.calls.filter((id) => id === receipt.id)).toHaveLength(1);
    expect(await reload(receipt.id)).toMatchObject({ status: "processed", attempts: 3 });
  });
});

describe("two instances", () => {
  it("sweeping at the same instant process each due receipt exactly once", async () => {
    const at = new Date(Date.now() - 10 * 60_000);
    const receipts = await Promise.all(Array.from({ length: 5 }, () => failedAt(at)));
    const ids = new Set(receipts.map((r) => r.id));
    // A slow processor, so both sweeps are in flight together.
    const stub = processor(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const now = new Date(at.getTime() + SWEEP_BACKOFF_MS[0] + SECOND);
    const [a, b] = await Promise.all([sweepAt(now, stub.lookup), sweepAt(now, stub.lookup)]);
    const ours = stub.calls.filter((id) => ids.has(id));
    expect(ours.sort()).toEqual([...ids].sort());
    expect(a.claimed + b.claimed).toBeGreaterThanOrEqual(ids.size);
    for (const r of receipts) expect(await reload(r.id)).toMatchObject({ status: "processed", attempts: 2 });
  });
});

describe("the attempt after the answer", () => {
  it("runs at once after the insert, but one held up past half its lease is left to the sweep (never both at once)", async () => {
    const { receiveWebhook } = await import("./receive");
    const deliver = async (eventId: string, startAfterMs: number) => {
      const stub = processor();
      let task: (() => Promise<unknown>) | undefined;
      const arrived = new Date();
      const answer = await receiveWebhook(t.db, {
        provider: "test",
        rawBody: "{}",
        headers: new Headers(),
        verification: { ok: true, eventId },
        process: stub.process,
        afterAnswer: (work) => void (task = work),
        now: () => new Date(arrived.getTime() + startAfterMs),
      });
      expect(answer).toEqual({ status: 200, body: { received: true } });
      await task!();
      return {
        stub,
        receipt: await t.db.webhookReceipt.findUniqueOrThrow({
          where: { provider_eventId: { provider: "test", eventId } },
        }),
      };
    };
    const prompt = await deliver("evt_after_prompt", 0);
    expect(prompt.stub.calls).toEqual([prompt.receipt.id]);
    expect(prompt.receipt).toMatchObject({ status: "processed", attempts: 1 });

    const late = await deliver("evt_after_late", STUCK_AFTER_MS / 2 + SECOND);
    expect(late.stub.calls).toEqual([]);
    expect(late.receipt).toMatchObject({ status: "received", attempts: 1 });
    // The sweep takes it once its lease is over.
    const stub = processor();
    await sweepAt(new Date(late.receipt.receivedAt.getTime() + STUCK_AFTER_MS + SECOND), stub.lookup);
    expect(stub.calls.filter((id) => id === late.receipt.id)).toHaveLength(1);
    expect(await reload(late.receipt.id)).toMatchObject({ status: "processed", attempts: 2 });
  });
});
