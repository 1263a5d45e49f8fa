import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createOrder, OrderSubmissionConflictError } from "./create";
import { findSubmission, hashSubmitter, mayResume, RESEND_WINDOW_MS, type Review, type Submitter } from "./submitter";
import { isSubmitterSecret, newSubmitterSecret, submitterCookie } from "./submitter-cookie.mjs";

// Submissions belong to the browser that made them (docs/security.md, finding 1). An existing order is
// handed back only to its maker (the same account, or for a guest order the same submitter
// cookie); another browser presenting the same review, or the same submission id, starts again
// or gets a fresh order of its own.

let t: TestDatabase;
let accountId: string;
let otherAccountId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  accountId = (await t.db.user.create({ data: { email: "owner@example.com" } })).id;
  otherAccountId = (await t.db.user.create({ data: { email: "other@example.com" } })).id;
});
afterAll(async () => t?.cleanup());

const pricing = {
  currency: "EUR",
  amountMinor: 1500,
  serviceFeeMinor: 200,
  smsFeeMinor: 0,
  totalMinor: 1700,
  costMinor: 1550,
};
const browser = (): Submitter => {
  const secret = newSubmitterSecret();
  return { secret, hash: hashSubmitter(secret) };
};
const review = (over: Partial<Review> = {}): Review => ({
  productType: "giftcard",
  userId: null,
  email: "buyer@example.com",
  totalMinor: 1700,
  choice: { country: "gb", brand: "steam", denomination: "gc_15" },
  ...over,
});

/** What a pay action does: find this browser's submission of the review, or create its order. */
async function pay(submitter: Submitter, r: Review) {
  const found = await findSubmission(t.db, submitter, r);
  if (found.existing) return found.existing;
  return createOrder(t.db, {
    productType: r.productType as "giftcard",
    submissionId: found.submissionId,
    submitterHash: submitter.hash,
    customerEmail: r.email,
    userId: r.userId,
    detail: { choice: r.choice } as never,
    pricing,
  });
}

describe("the submitter cookie", () => {
  it("holds 256 random bits, is httpOnly and SameSite=Lax, and Secure when the shop is on https", () => {
    const secret = newSubmitterSecret();
    expect(isSubmitterSecret(secret)).toBe(true);
    expect(newSubmitterSecret()).not.toBe(secret);
    expect(isSubmitterSecret("not-a-secret")).toBe(false);
    expect(submitterCookie(secret, true)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: true, path: "/" });
    expect(submitterCookie(secret, false).secure).toBe(false);
  });
});

describe("mayResume", () => {
  const mine = browser();
  it("hands a guest order back only to the browser whose submitter made it", () => {
    expect(mayResume({ userId: null, submitterHash: mine.hash }, { userId: null, submitterHash: mine.hash })).toBe(
      true,
    );
    expect(mayResume({ userId: null, submitterHash: mine.hash }, { userId: null, submitterHash: browser().hash })).toBe(
      false,
    );
    // Signed in to any account does not make someone else's guest order theirs.
    expect(
      mayResume({ userId: null, submitterHash: mine.hash }, { userId: otherAccountId, submitterHash: browser().hash }),
    ).toBe(false);
    // An order no browser is known to have made goes back to nobody.
    expect(mayResume({ userId: null, submitterHash: null }, { userId: null, submitterHash: mine.hash })).toBe(false);
  });

  it("hands an account's order back only to that account", () => {
    expect(
      mayResume({ userId: accountId, submitterHash: mine.hash }, { userId: accountId, submitterHash: browser().hash }),
    ).toBe(true);
    expect(
      mayResume({ userId: accountId, submitterHash: mine.hash }, { userId: otherAccountId, submitterHash: mine.hash }),
    ).toBe(false);
    expect(mayResume({ userId: accountId, submitterHash: mine.hash }, { userId: null, submitterHash: mine.hash })).toBe(
      false,
    );
  });
});

describe("a pay action's submission", () => {
  it("makes one order of a double click, a resent form or the review in two tabs of one browser", async () => {
    const victim = browser();
    const r = review({ email: "two-tabs@example.com" });
    const orders = await Promise.all(Array.from({ length: 5 }, () => pay(victim, r)));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    expect((await pay(victim, r)).id).toBe(orders[0]!.id);
    expect(await t.db.order.count({ where: { customerEmail: "two-tabs@example.com" } })).toBe(1);
    const stored = await t.db.order.findUniqueOrThrow({ where: { id: orders[0]!.id } });
    // The order keeps only the secret's hash; the id is derived, never the secret itself.
    expect(stored.submitterHash).toBe(victim.hash);
    expect(JSON.stringify(stored)).not.toContain(victim.secret);
  });

  it("gives another browser presenting the same review a fresh order of its own", async () => {
    const r = review({ email: "shared-link@example.com" });
    const victimOrder = await pay(browser(), r);
    const attackerOrder = await pay(browser(), r);
    expect(attackerOrder.id).not.toBe(victimOrder.id);
    expect(attackerOrder.ref).not.toBe(victimOrder.ref);
  });

  it("refuses the victim's submission id presented by another browser, for any product or account", async () => {
    const victim = browser();
    const victimOrder = await t.db.order.findUniqueOrThrow({
      where: { id: (await pay(victim, review({ email: "victim@example.com" }))).id },
    });
    for (const who of [
      { productType: "giftcard" as const, userId: null, email: "victim@example.com" },
      { productType: "giftcard" as const, userId: null, email: "attacker@example.com" },
      { productType: "imeicheck" as const, userId: null, email: "victim@example.com" },
      { productType: "giftcard" as const, userId: otherAccountId, email: "victim@example.com" },
    ]) {
      await expect(
        createOrder(t.db, {
          productType: who.productType,
          submissionId: victimOrder.submissionId!,
          submitterHash: browser().hash,
          customerEmail: who.email,
          userId: who.userId,
          detail: {},
          pricing,
        }),
      ).rejects.toBeInstanceOf(OrderSubmissionConflictError);
    }
  });

  it("hands a paid order back to the same form sent again, and buys anew once it ended or a while later", async () => {
    const buyer = browser();
    const r = review({ email: "again@example.com" });
    const first = await pay(buyer, r);
    await t.db.order.update({ where: { id: first.id }, data: { status: "paid" } });
    // "Back" and Pay again right after paying: the same order (its page), not a second purchase.
    expect((await pay(buyer, r)).id).toBe(first.id);
    // Bought a while ago: the same review is a new purchase, itself one order.
    await t.db.order.update({
      where: { id: first.id },
      data: { createdAt: new Date(Date.now() - RESEND_WINDOW_MS - 1000) },
    });
    const second = await pay(buyer, r);
    expect(second.id).not.toBe(first.id);
    expect((await pay(buyer, r)).id).toBe(second.id);
    // An order that ended without a product: trying again makes a new order at once.
    await t.db.order.update({ where: { id: second.id }, data: { status: "failed" } });
    const third = await pay(buyer, r);
    expect(third.id).not.toBe(second.id);
  });

  it("keeps an account's review apart from the same browser's guest review", async () => {
    const sameBrowser = browser();
    const guest = await pay(sameBrowser, review({ email: "owner@example.com" }));
    const signedIn = await pay(sameBrowser, review({ email: "owner@example.com", userId: accountId }));
    expect(signedIn.id).not.toBe(guest.id);
    expect(signedIn.userId).toBe(accountId);
  });
});
