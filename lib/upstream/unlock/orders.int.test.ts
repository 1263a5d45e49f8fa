import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MINUTE,
  SANDBOX,
  SECOND,
  startUnlockEmulator,
  SUFFIX_EXAMPLES,
  TOOL,
  WELL_KNOWN,
  type UnlockTestEmulator,
} from "@/testing/unlock-emulator";

// Orders (spec sections 3 and 4) against the emulator; time moves with its clock.

const pair = { deviceId: WELL_KNOWN.deviceId, networkId: WELL_KNOWN.networkId };
/** Spec section 8 sandbox IMEIs, and an ordinary one (test-vectors.md) that follows the tool's time. */
const IMEI = { available: "123456789876543", notAvailable: "355710060480006", ordinary: "490154203237518" } as const;

let emu: UnlockTestEmulator;
beforeAll(async () => {
  emu = await startUnlockEmulator();
});
afterAll(async () => emu.close());
beforeEach(async () => emu.reset());

describe("unlock orders", () => {
  it("sandbox IMEI 123456789876543: available at once, with instructions", async () => {
    const client = emu.client(SANDBOX);
    const { ticketId } = await client.createOrder({ ...pair, imei: IMEI.available, toolId: TOOL.standard });
    expect(Number.isInteger(ticketId)).toBe(true);
    const order = await client.checkOrderStatus(ticketId);
    expect(order).toMatchObject({
      ticketId,
      deviceId: pair.deviceId,
      networkId: pair.networkId,
      imei: IMEI.available,
      status: "available",
      instructionsReady: true,
    });
    expect(order.creationDatetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(order.createdAt).toMatch(/Z$/);
    const instructions = await client.orderInstructions(ticketId);
    expect(instructions.ticketId).toBe(ticketId);
    expect(instructions.howto.split("\n").length).toBeGreaterThan(1);
  });

  it("progresses open → pending → available as the clock moves, then gives instructions", async () => {
    const client = emu.client();
    const { ticketId } = await client.createOrder({ ...pair, imei: IMEI.ordinary, toolId: TOOL.instant });
    expect((await client.checkOrderStatus(ticketId)).status).toBe("open");
    await expect(client.orderInstructions(ticketId)).rejects.toMatchObject({ kind: "api", code: "API_ERROR" });
    await emu.advance(5 * SECOND); // instant tools: ready after 10 s, pending at half of that
    expect((await client.checkOrderStatus(ticketId)).status).toBe("pending");
    await emu.advance(5 * SECOND);
    const ready = await client.checkOrderStatus(ticketId);
    expect(ready).toMatchObject({ status: "available", instructionsReady: true });
    expect((await client.orderInstructions(ticketId)).howto).not.toBe("");
  });

  it("sandbox IMEI 355710060480006: notavailable", async () => {
    const client = emu.client(SANDBOX);
    const { ticketId } = await client.createOrder({ ...pair, imei: IMEI.notAvailable, toolId: TOOL.standard });
    expect(await client.checkOrderStatus(ticketId)).toMatchObject({ status: "notavailable", instructionsReady: false });
  });

  it("sends the suffixes a tool needs after the IMEI, in the fixed order", async () => {
    const client = emu.client();
    const { ticketId } = await client.createOrder({
      ...pair,
      imei: IMEI.ordinary,
      toolId: TOOL.all,
      suffixes: { ...SUFFIX_EXAMPLES },
    });
    // The emulator accepts the value only in the order sn, prd, pin, mep, sro; the order keeps the bare IMEI.
    expect((await client.checkOrderStatus(ticketId)).imei).toBe(IMEI.ordinary);
    const missing = await client
      .createOrder({ ...pair, imei: IMEI.ordinary, toolId: TOOL.prd })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: "api", code: "API_ERROR", status: 400 });
    expect((missing as Error).message).toMatch(/prd suffix/);
  });

  it("refuses an invalid IMEI or suffix before sending anything", async () => {
    const client = emu.client();
    await expect(client.createOrder({ ...pair, imei: "490154203237517", toolId: TOOL.standard })).rejects.toMatchObject(
      { kind: "config", code: "INVALID_INPUT" },
    );
    await expect(
      client.createOrder({ ...pair, imei: IMEI.ordinary, toolId: TOOL.prd, suffixes: { prd: "PRD123" } }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(await emu.callsTo("POST /create_order/")).toBe(0);
  });

  it("cancels inside the 10-minute window", async () => {
    const client = emu.client();
    const { ticketId } = await client.createOrder({ ...pair, imei: IMEI.ordinary, toolId: TOOL.standard });
    await emu.advance(9 * MINUTE);
    expect(await client.cancelOrder(ticketId)).toEqual({ ticketId, status: "canceled" });
    expect((await client.checkOrderStatus(ticketId)).status).toBe("canceled");
  });

  it("a cancel after 10 minutes fails with an API_ERROR carrying the upstream's info", async () => {
    const client = emu.client();
    const { ticketId } = await client.createOrder({ ...pair, imei: IMEI.ordinary, toolId: TOOL.standard });
    await emu.advance(10 * MINUTE + SECOND);
    const error = await client.cancelOrder(ticketId).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "UpstreamError",
      kind: "api",
      code: "API_ERROR",
      status: 400,
      retryable: false,
    });
    expect((error as Error).message).toBe(`Cancel window of 10 minutes has passed for order ${ticketId}`);
    expect(await emu.callsTo(`DELETE /cancel_order/${ticketId}`)).toBe(1);
  });

  it("update_order with force=nowait makes an unfinished order ready now", async () => {
    const client = emu.client();
    const { ticketId } = await client.createOrder({ ...pair, imei: IMEI.ordinary, toolId: TOOL.standard });
    expect((await client.updateOrder(ticketId)).status).toBe("open"); // no force: unchanged
    const updated = await client.updateOrder(ticketId, { force: "nowait" });
    // The update reply's ok_sent is "1" in the emulator, as the live service may send it.
    expect(updated).toMatchObject({ ticketId, status: "available", instructionsReady: true });
  });

  it("an unknown ticket is a 404 API error", async () => {
    await expect(emu.client().checkOrderStatus(999_999)).rejects.toMatchObject({
      kind: "api",
      code: "API_ERROR",
      status: 404,
    });
  });
});
