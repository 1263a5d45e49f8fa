import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startEmulator } from "../../app";
import { IMEI, PRODUCTION, SANDBOX, startHarness, TOOL, WELL_KNOWN, type Harness } from "./harness";

// The unlocking module's test controls under /__control/unlock (README "Test controls").

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => void (await h.controls.reset()));

describe("/__control/unlock", () => {
  it("GET accounts/{id}/balance reads an account's credits; PUT sets them", async () => {
    expect(await h.controls.unlock.balance(PRODUCTION.id)).toEqual({
      account: PRODUCTION.id,
      environment: "production",
      creditsMinor: PRODUCTION.openingCreditsMinor,
      credits: (PRODUCTION.openingCreditsMinor / 100).toFixed(2),
    });
    await h.order(IMEI.valid, TOOL.instant, PRODUCTION);
    expect(await h.balance(PRODUCTION)).toBe(PRODUCTION.openingCreditsMinor - 450);
    expect((await h.controls.unlock.setBalance(PRODUCTION.id, 1234)).creditsMinor).toBe(1234);
    expect(await h.balance(PRODUCTION)).toBe(1234);
    expect((await h.control("GET", "/unlock/accounts/nobody/balance")).error).toMatch(/unknown unlock account/);
  });

  it("a reset restores opening balances and forgets orders", async () => {
    const ticket = await h.order(IMEI.valid, TOOL.standard, PRODUCTION);
    await h.controls.reset();
    expect(await h.balance(PRODUCTION)).toBe(PRODUCTION.openingCreditsMinor);
    expect((await h.call("GET", `/check_order_status/${ticket}`, { account: PRODUCTION })).status).toBe(404);
    expect(await h.controls.unlock.orders()).toEqual([]);
  });

  it("GET accounts lists both accounts with their credentials", async () => {
    const accounts = await h.controls.unlock.accounts();
    expect(accounts.map((a: { account: string; svcKey: string }) => [a.account, a.svcKey])).toEqual([
      [SANDBOX.id, SANDBOX.svcKey],
      [PRODUCTION.id, PRODUCTION.svcKey],
    ]);
  });

  it("GET orders shows each order's planned outcome and due times", async () => {
    const ticket = await h.order(IMEI.endsIn0, TOOL.instant);
    const orders = await h.controls.unlock.orders();
    expect(orders).toEqual([
      expect.objectContaining({
        id: ticket,
        status: "open",
        plannedOutcome: { status: "notavailable", when: "ready" },
        toolId: TOOL.instant,
      }),
    ]);
  });

  it("GET well-known names the well-known pair and its tools", async () => {
    expect(await h.controls.unlock.wellKnown()).toEqual({ ...WELL_KNOWN, toolIds: [1, 3, 4, 5, 6, 7, 8, 12] });
  });

  it("controls are 404 unless the emulator runs with controls on", async () => {
    const plain = await startEmulator(0);
    try {
      expect((await fetch(`${plain.url}/__control/unlock/accounts/${PRODUCTION.id}/balance`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
