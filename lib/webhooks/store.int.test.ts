import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { storeVerified } from "./store";

// storeVerified writes a verified delivery with one plain INSERT … ON CONFLICT DO NOTHING and
// hands processing the row it built, not one read back: on both databases that row must be
// exactly what the database holds, and a second delivery of the event must find the first.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const headers = () =>
  new Headers({ "content-type": "application/json", "webhook-id": "evt_store_1", authorization: "Bearer not-kept" });

describe("storeVerified", () => {
  it("returns exactly the row it stored, as Prisma reads it back", async () => {
    const body = '{"id":"evt_store_1","type":"order.fulfilled","data":{"order_id":"ord_1","note":"ü"}}';
    const stored = await storeVerified(t.db, {
      provider: "commerce",
      headers: headers(),
      rawBody: body,
      eventId: "evt_store_1",
      connectionId: "conn_1",
    });
    expect(stored.kind).toBe("new");
    const row = await t.db.webhookReceipt.findUniqueOrThrow({ where: { id: stored.receipt.id } });
    expect(stored.receipt).toEqual(row);
    expect(row).toMatchObject({
      status: "received",
      attempts: 1,
      verified: true,
      bodyTruncated: false,
      eventType: null,
      upstreamOrderId: null,
      bodyBytes: Buffer.byteLength(body),
      rawBody: body,
    });
    expect(row.headers).toEqual({ "content-type": "application/json", "webhook-id": "evt_store_1" });
    // Its time compares like any other receipt's (retention, the sweep).
    expect(
      await t.db.webhookReceipt.count({
        where: { id: row.id, receivedAt: { lte: row.receivedAt, gt: new Date(row.receivedAt.getTime() - 1) } },
      }),
    ).toBe(1);
  });

  it("a second delivery of the event, also at the same instant, finds the first receipt and stores nothing", async () => {
    const body = '{"id":"evt_store_2"}';
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        storeVerified(t.db, { provider: "commerce", headers: headers(), rawBody: body, eventId: "evt_store_2" }),
      ),
    );
    expect(results.filter((r) => r.kind === "new")).toHaveLength(1);
    const first = results.find((r) => r.kind === "new")!.receipt;
    for (const seen of results.filter((r) => r.kind === "seen")) expect(seen.receipt.id).toBe(first.id);
    expect(await t.db.webhookReceipt.count({ where: { eventId: "evt_store_2" } })).toBe(1);
    // The same event id from another sender is another event.
    expect(
      (await storeVerified(t.db, { provider: "stripe", headers: headers(), rawBody: body, eventId: "evt_store_2" }))
        .kind,
    ).toBe("new");
  });

  it("stores a delivery while the app holds the write lock in a transaction: after it, without stalling the process", async () => {
    const body = '{"id":"evt_store_3"}';
    let stored: ReturnType<typeof storeVerified> | undefined;
    let ticks = 0;
    await t.db.$transaction(async (tx) => {
      // The transaction's first write takes SQLite's write lock until it commits.
      await tx.webhookReceipt.create({
        data: {
          provider: "commerce",
          headers: {},
          rawBody: "{}",
          bodyBytes: 2,
          verified: false,
          status: "rejected",
          attempts: 0,
        },
      });
      stored = storeVerified(t.db, { provider: "commerce", headers: headers(), rawBody: body, eventId: "evt_store_3" });
      // The event loop keeps turning: the store did not wait for the lock synchronously.
      await new Promise<void>((resolve) => setTimeout(resolve, 30));
      ticks += 1;
    });
    expect(ticks).toBe(1);
    const result = await stored!;
    expect(result.kind).toBe("new");
    expect(await t.db.webhookReceipt.findUniqueOrThrow({ where: { id: result.receipt.id } })).toEqual(result.receipt);
  });
});
