import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { canViewOrder, findOrderStatus, orderRefSchema } from "./access";

// The order page's and status route's access rule, against a real database.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

async function user(label: string) {
  return t.db.user.create({ data: { email: `${label}-${randomBytes(4).toString("hex")}@example.com`, passwordHash: "x", role: "customer" } });
}

async function order(userId: string | null) {
  const id = randomBytes(8).toString("hex");
  return t.db.order.create({
    data: { ref: randomBytes(18).toString("base64url"), productType: "topup", idempotencyKey: `k_${id}`, customerEmail: "b@example.com", currency: "EUR", retailAmount: 1000, detail: {}, userId },
  });
}

describe("order access", () => {
  it("shows an account's order to that account only", async () => {
    const [owner, other] = await Promise.all([user("owner"), user("other")]);
    const placed = await order(owner.id);
    expect(await findOrderStatus(t.db, placed.ref, owner.id)).toMatchObject({ status: "awaiting_payment" });
    expect(await findOrderStatus(t.db, placed.ref, other.id)).toBeNull();
    expect(await findOrderStatus(t.db, placed.ref, null)).toBeNull();
  });

  it("shows a guest order to whoever holds the link", async () => {
    const guest = await order(null);
    const someone = await user("someone");
    expect(await findOrderStatus(t.db, guest.ref, null)).not.toBeNull();
    expect(await findOrderStatus(t.db, guest.ref, someone.id)).not.toBeNull();
  });

  it("answers unknown and malformed references alike: nothing", async () => {
    expect(await findOrderStatus(t.db, randomBytes(18).toString("base64url"), null)).toBeNull();
    expect(await findOrderStatus(t.db, "../../etc/passwd", null)).toBeNull();
    expect(orderRefSchema.safeParse("not a ref!").success).toBe(false);
    expect(orderRefSchema.safeParse(randomBytes(18).toString("base64url")).success).toBe(true);
  });

  it("keeps the rule in one function", () => {
    expect(canViewOrder({ userId: null }, undefined)).toBe(true);
    expect(canViewOrder({ userId: "u1" }, "u1")).toBe(true);
    expect(canViewOrder({ userId: "u1" }, "u2")).toBe(false);
    expect(canViewOrder({ userId: "u1" }, null)).toBe(false);
  });
});
