import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { SET_PASSWORD_ADDRESS, SIGN_UP_ADDRESS, spendAttempt } from "./throttle";

// The ladders of lib/auth/throttle.ts on the real RateLimit store: a check that spends nothing
// (cost 0, the set-password action's "is this address blocked?") and the sign-up limit.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe("throttle ladders", () => {
  it("set-password: a check spends nothing; after 10 failed links the address waits 15 minutes", async () => {
    const address = "203.0.113.50";
    for (let i = 0; i < 20; i++) expect(await spendAttempt(t.db, SET_PASSWORD_ADDRESS, address, 0)).toBeNull();
    for (let i = 0; i < 10; i++) expect(await spendAttempt(t.db, SET_PASSWORD_ADDRESS, address)).toBeNull();
    expect(await spendAttempt(t.db, SET_PASSWORD_ADDRESS, address, 0)).toBeNull();
    const blocked = await spendAttempt(t.db, SET_PASSWORD_ADDRESS, address);
    expect(blocked?.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect((await spendAttempt(t.db, SET_PASSWORD_ADDRESS, address, 0))?.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect(await spendAttempt(t.db, SET_PASSWORD_ADDRESS, "203.0.113.51", 0)).toBeNull();
  });

  it("sign-up: 30 accounts per address within 10 minutes, then a 10-minute wait", async () => {
    const address = "203.0.113.60";
    for (let i = 0; i < 30; i++) expect(await spendAttempt(t.db, SIGN_UP_ADDRESS, address)).toBeNull();
    expect((await spendAttempt(t.db, SIGN_UP_ADDRESS, address))?.retryAfterMs).toBeGreaterThan(9 * 60_000);
  });
});
