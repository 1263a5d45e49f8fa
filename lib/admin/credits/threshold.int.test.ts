import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { stubAppEnv } from "@/testing/app-env";
import { startCommerceEmulator, type CommerceEmulator } from "@/testing/commerce-emulator";

// The low-balance threshold: stored, audited with before/after, and compared with the live
// commerce balance (the emulator's shop account) to decide whether staff see the banner.

const actor = { id: "staff_1", email: "staff@example.com" };
let emu: CommerceEmulator;
let t: TestDatabase;
let threshold: typeof import("./threshold");
let balance: typeof import("./balance");

beforeAll(async () => {
  [emu, t] = await Promise.all([startCommerceEmulator(), createTestDatabase()]);
  stubAppEnv({ databaseUrl: t.url, emulatorUrl: emu.url });
  threshold = await import("./threshold");
  balance = await import("./balance");
  await t.db.user.create({ data: { id: actor.id, email: actor.email, role: "staff" } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await emu.close();
  await t.cleanup();
});

describe("low-balance threshold", () => {
  it("is off until set; set, changed and removed with an audit entry each", async () => {
    expect(await threshold.getLowBalanceThreshold(t.db)).toBeNull();
    expect(await threshold.setLowBalanceThreshold(t.db, actor, { amountMinor: 5000, currency: "EUR" })).toEqual({
      changed: true,
    });
    expect(await threshold.setLowBalanceThreshold(t.db, actor, { amountMinor: 5000, currency: "EUR" })).toEqual({
      changed: false,
    });
    expect(await threshold.setLowBalanceThreshold(t.db, actor, { amountMinor: 7550, currency: "EUR" })).toEqual({
      changed: true,
    });
    expect(await threshold.getLowBalanceThreshold(t.db)).toEqual({ amountMinor: 7550, currency: "EUR" });
    await threshold.setLowBalanceThreshold(t.db, actor, null);
    expect(await threshold.getLowBalanceThreshold(t.db)).toBeNull();
    const audits = await t.db.auditLog.findMany({
      where: { action: "credits.threshold.update" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [null, { amountMinor: 5000, currency: "EUR" }],
      [
        { amountMinor: 5000, currency: "EUR" },
        { amountMinor: 7550, currency: "EUR" },
      ],
      [{ amountMinor: 7550, currency: "EUR" }, null],
    ]);
  });

  it("compares in minor units of the same currency only", () => {
    expect(threshold.isLowBalance({ amountMinor: 4999, currency: "EUR" }, { amountMinor: 5000, currency: "EUR" })).toBe(
      true,
    );
    expect(threshold.isLowBalance({ amountMinor: 5000, currency: "eur" }, { amountMinor: 5000, currency: "EUR" })).toBe(
      false,
    );
    expect(threshold.isLowBalance({ amountMinor: 1, currency: "EUR" }, { amountMinor: 5000, currency: "USD" })).toBe(
      false,
    );
    expect(threshold.isLowBalance({ amountMinor: 1, currency: "EUR" }, null)).toBe(false);
  });

  it("flags the live commerce balance as low only when it is below the threshold", async () => {
    const client = emu.client();
    const live = await client.getBalance();
    await threshold.setLowBalanceThreshold(t.db, actor, { amountMinor: live.balance, currency: "EUR" });
    expect(await balance.creditStatus(t.db, client)).toMatchObject({
      amountMinor: live.balance,
      currency: "EUR",
      low: false,
    });
    await threshold.setLowBalanceThreshold(t.db, actor, { amountMinor: live.balance + 1, currency: "EUR" });
    expect(await balance.creditStatus(t.db, client)).toMatchObject({
      low: true,
      threshold: { amountMinor: live.balance + 1 },
    });
  });
});
