import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { findViewableEsimOrder } from "./line-access";

// Who may look up an eSIM by its ICCID, against a real database: the account that bought it by
// the ICCID alone, a guest with the order's link, nobody else.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

const iccid = () => `8988247${String(Math.floor(Math.random() * 1e12)).padStart(12, "0")}`;

async function user() {
  return t.db.user.create({ data: { email: `${randomBytes(6).toString("hex")}@example.com` } });
}

async function esimOrder(ownerId: string | null, lineIccid: string, productType: "esim" | "giftcard" = "esim") {
  const id = randomBytes(8).toString("hex");
  return t.db.order.create({
    data: {
      ref: randomBytes(18).toString("base64url"),
      productType,
      status: "fulfilled",
      idempotencyKey: `k_${id}`,
      customerEmail: "b@example.com",
      currency: "EUR",
      retailAmount: 1500,
      detail: {},
      userId: ownerId,
      fulfillment: { iccid: lineIccid, lpaString: "LPA:1$smdp.example.com$ABC" },
    },
  });
}

describe("findViewableEsimOrder", () => {
  it("the buyer's account finds its eSIM by the ICCID alone; another account does not", async () => {
    const [owner, other] = await Promise.all([user(), user()]);
    const line = iccid();
    const order = await esimOrder(owner.id, line);
    expect((await findViewableEsimOrder(t.db, line, { userId: owner.id }))?.id).toBe(order.id);
    expect(await findViewableEsimOrder(t.db, line, { userId: other.id })).toBeNull();
    // Another account holding the order link still cannot: the order is the owner's.
    expect(await findViewableEsimOrder(t.db, line, { userId: other.id, orderRef: order.ref })).toBeNull();
    expect(await findViewableEsimOrder(t.db, line, {})).toBeNull();
  });

  it("a guest order needs its link, and the link must be that ICCID's order", async () => {
    const line = iccid();
    const order = await esimOrder(null, line);
    const elsewhere = await esimOrder(null, iccid());
    expect((await findViewableEsimOrder(t.db, line, { orderRef: order.ref }))?.id).toBe(order.id);
    expect(await findViewableEsimOrder(t.db, line, {})).toBeNull();
    expect(await findViewableEsimOrder(t.db, line, { orderRef: elsewhere.ref })).toBeNull();
    expect(await findViewableEsimOrder(t.db, line, { orderRef: "not a ref!" })).toBeNull();
    // A signed-in visitor with the guest link may see it, as on the order page.
    const someone = await user();
    expect((await findViewableEsimOrder(t.db, line, { userId: someone.id, orderRef: order.ref }))?.id).toBe(order.id);
  });

  it("refuses malformed ICCIDs and orders that are not eSIMs", async () => {
    const owner = await user();
    const line = iccid();
    await esimOrder(owner.id, line, "giftcard");
    expect(await findViewableEsimOrder(t.db, line, { userId: owner.id })).toBeNull();
    expect(await findViewableEsimOrder(t.db, "12345", { userId: owner.id })).toBeNull();
    expect(await findViewableEsimOrder(t.db, "8988'; DROP TABLE", { userId: owner.id })).toBeNull();
  });
});
