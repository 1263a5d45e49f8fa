// Migration round trip: an empty database, migrated, takes and gives back every model,
// with the constraints the order core relies on. Runs on SQLite, and on PostgreSQL when
// TEST_POSTGRES_URL is set.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { createTestDatabase, type TestDatabase } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const key = randomBytes(32).toString("base64");

function newOrder(overrides: Record<string, unknown> = {}) {
  const id = randomBytes(6).toString("hex");
  return {
    ref: `ref_${id}`,
    productType: "topup" as const,
    idempotencyKey: `order-${id}`,
    customerEmail: "buyer@example.com",
    currency: "EUR",
    retailAmount: 1099,
    costAmount: 1000,
    costCurrency: "EUR",
    detail: { phone: "+447700900123", operatorId: 535, priceToken: "tok_1" },
    ...overrides,
  };
}

describe(`round trip on ${process.env.TEST_POSTGRES_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("writes and reads a user with a role", async () => {
    const user = await t.db.user.create({
      data: { email: "staff@example.com", role: "staff", passwordHash: "scrypt$x" },
    });
    const read = await t.db.user.findUniqueOrThrow({ where: { email: "staff@example.com" } });
    expect(read).toMatchObject({ id: user.id, role: "staff", disabledAt: null });
  });

  it("writes and reads an order with JSON detail, integer money and its timeline", async () => {
    const user = await t.db.user.create({ data: { email: "customer@example.com" } });
    const order = await t.db.order.create({
      data: {
        ...newOrder({ userId: user.id }),
        events: { create: [{ type: "created", toStatus: "awaiting_payment", source: "buyer" }] },
      },
    });
    await t.db.order.update({
      where: { id: order.id },
      data: {
        status: "fulfilled",
        upstreamStatus: "fulfilled",
        upstreamOrderId: "ord_123",
        fulfillment: { deliveryStatus: "delivered" },
        events: {
          create: {
            type: "status",
            fromStatus: "placed",
            toStatus: "fulfilled",
            source: "webhook",
            data: { eventId: "msg_1" },
          },
        },
      },
    });
    const read = await t.db.order.findUniqueOrThrow({
      where: { ref: order.ref },
      include: { events: { orderBy: { createdAt: "asc" } }, user: true },
    });
    expect(read.retailAmount).toBe(1099);
    expect(Number.isInteger(read.retailAmount)).toBe(true);
    expect(read.detail).toEqual({ phone: "+447700900123", operatorId: 535, priceToken: "tok_1" });
    expect(read.fulfillment).toEqual({ deliveryStatus: "delivered" });
    expect(read.status).toBe("fulfilled");
    expect(read.user?.email).toBe("customer@example.com");
    expect(read.events.map((e) => [e.source, e.toStatus])).toEqual([
      ["buyer", "awaiting_payment"],
      ["webhook", "fulfilled"],
    ]);
  });

  it("refuses a second order with the same idempotency key, and keeps the first intact", async () => {
    const first = await t.db.order.create({ data: newOrder({ idempotencyKey: "same-key" }) });
    await expect(
      t.db.order.create({ data: newOrder({ idempotencyKey: "same-key", retailAmount: 1 }) }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect((await t.db.order.findUniqueOrThrow({ where: { id: first.id } })).retailAmount).toBe(1099);
  });

  it("refuses two local orders pointing at the same upstream order of one connection; another connection may reuse the id", async () => {
    const connection = (key: string) =>
      t.db.upstreamConnection.create({
        data: { key, api: "commerce", baseUrl: `https://${key}.example`, environment: "production", account: key },
      });
    const [a, b] = [await connection("a"), await connection("b")];
    await t.db.order.create({ data: newOrder({ upstreamOrderId: "up_1", upstreamConnectionId: a.id }) });
    await expect(
      t.db.order.create({ data: newOrder({ upstreamOrderId: "up_1", upstreamConnectionId: a.id }) }),
    ).rejects.toMatchObject({ code: "P2002" });
    await expect(
      t.db.order.create({ data: newOrder({ upstreamOrderId: "up_1", upstreamConnectionId: b.id }) }),
    ).resolves.toMatchObject({ upstreamOrderId: "up_1" });
  });

  it("stores webhook receipts once per verified event id, while unverified copies pile up", async () => {
    const receipt = { provider: "commerce", headers: { "webhook-id": "msg_1" }, rawBody: '{"type":"order.fulfilled"}' };
    await t.db.webhookReceipt.create({
      data: { ...receipt, eventId: "msg_1", eventType: "order.fulfilled", verified: true },
    });
    await expect(
      t.db.webhookReceipt.create({ data: { ...receipt, eventId: "msg_1", verified: true } }),
    ).rejects.toMatchObject({ code: "P2002" });
    await t.db.webhookReceipt.create({
      data: { ...receipt, verified: false, status: "rejected", verifyError: "bad signature" },
    });
    await t.db.webhookReceipt.create({
      data: { ...receipt, verified: false, status: "rejected", verifyError: "bad signature" },
    });
    expect(await t.db.webhookReceipt.count({ where: { status: "rejected" } })).toBe(2);
    const stored = await t.db.webhookReceipt.findFirstOrThrow({ where: { eventId: "msg_1" } });
    expect(stored.rawBody).toBe('{"type":"order.fulfilled"}');
    expect(stored.headers).toEqual({ "webhook-id": "msg_1" });
  });

  it("writes and reads a catalog cache entry", async () => {
    const now = new Date();
    await t.db.catalogCacheEntry.create({
      data: {
        key: "commerce:topup/countries",
        upstream: "commerce",
        resource: "topup/countries",
        value: '[{"iso":"gb"}]',
        fetchedAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      },
    });
    const entry = await t.db.catalogCacheEntry.update({
      where: { key: "commerce:topup/countries" },
      data: { hits: { increment: 1 } },
    });
    expect(entry.hits).toBe(1);
    expect(JSON.parse(entry.value ?? "")).toEqual([{ iso: "gb" }]);
    expect(entry.fetchedAt?.getTime()).toBe(now.getTime());
  });

  it("keeps a secret setting encrypted at rest", async () => {
    await t.db.setting.create({
      data: { key: "commerce.apiSecret", value: sealSecret("sk_secretvalue", key), encrypted: true },
    });
    const rows = await t.db.$queryRawUnsafe<Array<{ value: string }>>(
      `SELECT value FROM "Setting" WHERE key = 'commerce.apiSecret'`,
    );
    expect(rows[0]?.value).not.toContain("sk_secretvalue");
    expect(openSecret(rows[0]!.value, key)).toBe("sk_secretvalue");
  });

  it("writes and reads an audit log entry with before and after", async () => {
    const admin = await t.db.user.create({ data: { email: "admin@example.com", role: "admin" } });
    await t.db.auditLog.create({
      data: {
        actorId: admin.id,
        actorEmail: admin.email,
        action: "pricing.update",
        targetType: "setting",
        targetId: "pricing.margin.topup",
        before: { percent: 5 },
        after: { percent: 7 },
      },
    });
    const entry = await t.db.auditLog.findFirstOrThrow({
      where: { action: "pricing.update" },
      include: { actor: true },
    });
    expect(entry.before).toEqual({ percent: 5 });
    expect(entry.after).toEqual({ percent: 7 });
    expect(entry.actor?.role).toBe("admin");
  });
});
