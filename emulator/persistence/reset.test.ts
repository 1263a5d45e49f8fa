import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../app";
import { emulatorControl, type OAuthTokens } from "../control-client";
import { AUTH, call, control, v2 } from "../commerce/orders/test-support/harness";
import { readEmulatorInstanceId } from "./index";
import { placeOrder, realOrderBodies, tempStateFile, unlock } from "./test-support";

// POST /__control/reset with a state file: the file goes back to the first-start state
// (what a restart then finds), but keeps the instance id it was created with.

const state = tempStateFile();
afterAll(() => state.remove());

describe("state file: reset", () => {
  it("empties the saved state (orders, tickets, webhooks, tokens, ledger, clock, tasks) and keeps the instance id", async () => {
    const first = await startEmulator(0, { controls: true, stateFile: state.file });
    const instanceId = readEmulatorInstanceId(state.file);
    expect(instanceId).toBe(first.instanceId);
    const bodies = await realOrderBodies(first.url);
    const order = (await placeOrder(first.url, bodies.topup)).body.data.order_id as string;
    await unlock(first.url).createOrder();
    await v2(first.url).post(
      "/webhooks",
      { url: "https://hooks.example.com/x", events: ["order.created"] },
      AUTH.shopLive,
    );
    const tokens = await emulatorControl(first.url).request<OAuthTokens>("POST", "/oauth/tokens", {
      email: "pro@emulator.test",
    });
    expect(tokens.status).toBe(201);
    await control(first.url).advance(60_000);
    expect((await emulatorControl(first.url).request("POST", "/reset")).status).toBe(200);
    await first.close();

    const second = await startEmulator(0, { controls: true, stateFile: state.file });
    try {
      expect(second.instanceId).toBe(instanceId);
      expect(readEmulatorInstanceId(state.file)).toBe(instanceId);
      const api = v2(second.url);
      expect((await api.get("/orders", AUTH.shopLive)).body.data).toEqual([]);
      expect((await api.get(`/orders/${order}`, AUTH.shopLive)).status).toBe(404);
      expect((await api.get("/webhooks", AUTH.shopLive)).body.data).toEqual([]);
      expect((await api.get("/balance", AUTH.shopLive)).body.data.balance).toBe("5000.00");
      expect(await emulatorControl(second.url).ledger()).toEqual([]);
      expect(await emulatorControl(second.url).scheduled()).toEqual([]);
      expect((await emulatorControl(second.url).clock()).offsetMs).toBe(0);
      expect(await emulatorControl(second.url).oauth.clients()).toEqual([]);
      // Numbering starts again, as on a first start.
      expect((await placeOrder(second.url, bodies.topup)).body.data.order_id).toBe("ord_100001");
      expect(await unlock(second.url).createOrder()).toBe(700_001);
      // The OAuth store is empty: even the client the refresh token was issued to is unknown.
      const refreshed = await call(second.url, "POST", "/oauth/token", {
        raw: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: tokens.body.refresh_token as string,
          client_id: "client_emulator_control",
        }).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(refreshed.body.error).toBe("invalid_client");
    } finally {
      await second.close();
    }
  });
});
