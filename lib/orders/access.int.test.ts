import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { claimGuestOrders } from "@/lib/account/guest-orders";
import { canViewOrder, findOrderStatus, orderRefSchema } from "./access";
import { createOrder } from "./create";

// The rule every page, action and route that opens an order uses (docs/accounts.md "Who sees
// an order"), against a real database.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

async function user(label: string) {
  return t.db.user.create({
    data: { email: `${label}-${randomBytes(4).toString("hex")}@example.com`, passwordHash: "x", role: "customer" },
  });
}

async function order(userId: string | null, customerEmail = "b@example.com") {
  const id = randomBytes(8).toString("hex");
  return t.db.order.create({
    data: {
      ref: randomBytes(18).toString("base64url"),
      productType: "topup",
      idempotencyKey: `k_${id}`,
      customerEmail,
      currency: "EUR",
      retailAmount: 1000,
      detail: {},
      userId,
      placedAsGuest: userId === null,
    },
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

  it("a guest order's link keeps working after the order joins an account: the account adds access, removes none", async () => {
    const email = `joined-${randomBytes(4).toString("hex")}@example.com`;
    const guest = await order(null, email);
    const owner = await t.db.user.create({ data: { email, role: "customer", emailVerifiedAt: new Date() } });
    const stranger = await user("stranger");
    expect(await claimGuestOrders(t.db, owner)).toBe(1);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: guest.id } })).userId).toBe(owner.id);
    // The link holder, signed in or not, and the account.
    expect(await findOrderStatus(t.db, guest.ref, null)).toMatchObject({ status: "awaiting_payment" });
    expect(await findOrderStatus(t.db, guest.ref, stranger.id)).not.toBeNull();
    expect(await findOrderStatus(t.db, guest.ref, owner.id)).not.toBeNull();
  });

  it("createOrder records whether the buyer was signed in", async () => {
    const buyer = await user("buyer");
    const pricing = {
      currency: "EUR",
      amountMinor: 500,
      serviceFeeMinor: 0,
      smsFeeMinor: 0,
      totalMinor: 500,
      costMinor: 400,
    };
    const asGuest = await createOrder(t.db, {
      productType: "topup",
      submissionId: randomBytes(12).toString("hex"),
      customerEmail: "Guest@Example.com",
      detail: {},
      pricing,
    });
    const signedIn = await createOrder(t.db, {
      productType: "topup",
      submissionId: randomBytes(12).toString("hex"),
      customerEmail: buyer.email,
      userId: buyer.id,
      detail: {},
      pricing,
    });
    expect(asGuest).toMatchObject({ placedAsGuest: true, userId: null, customerEmail: "guest@example.com" });
    expect(signedIn).toMatchObject({ placedAsGuest: false, userId: buyer.id });
    expect(await findOrderStatus(t.db, signedIn.ref, null)).toBeNull();
  });

  it("answers unknown and malformed references alike: nothing", async () => {
    expect(await findOrderStatus(t.db, randomBytes(18).toString("base64url"), null)).toBeNull();
    expect(await findOrderStatus(t.db, "../../etc/passwd", null)).toBeNull();
    expect(orderRefSchema.safeParse("not a ref!").success).toBe(false);
    expect(orderRefSchema.safeParse(randomBytes(18).toString("base64url")).success).toBe(true);
  });

  it("keeps the rule in one function", () => {
    expect(canViewOrder({ userId: null, placedAsGuest: true }, undefined)).toBe(true);
    expect(canViewOrder({ userId: "u1", placedAsGuest: false }, "u1")).toBe(true);
    expect(canViewOrder({ userId: "u1", placedAsGuest: false }, "u2")).toBe(false);
    expect(canViewOrder({ userId: "u1", placedAsGuest: false }, null)).toBe(false);
    // Placed as a guest, later joined to u1: still the link holder's.
    expect(canViewOrder({ userId: "u1", placedAsGuest: true }, null)).toBe(true);
    expect(canViewOrder({ userId: "u1", placedAsGuest: true }, "u2")).toBe(true);
  });
});
