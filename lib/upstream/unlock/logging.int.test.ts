import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/log";
import {
  PRODUCTION,
  startUnlockEmulator,
  SUFFIX_EXAMPLES,
  TOOL,
  WELL_KNOWN,
  type UnlockTestEmulator,
} from "@/testing/unlock-emulator";

// Every upstream call writes one log line (sendUpstream). For the unlocking API those lines
// must never carry an IMEI, an order suffix, the IMEI check hash or a credential.

const IMEI = "490154203237518";

let emu: UnlockTestEmulator;
beforeAll(async () => {
  emu = await startUnlockEmulator();
});
afterAll(async () => emu.close());
beforeEach(async () => emu.reset());
afterEach(() => vi.restoreAllMocks());

describe("unlock call logs", () => {
  it("name the route with ids but never the IMEI, suffixes, hash or credentials", async () => {
    const lines: string[] = [];
    vi.spyOn(logger, "info").mockImplementation(((fields: unknown, message?: string) => {
      lines.push(JSON.stringify({ fields, message }));
    }) as typeof logger.info);

    const client = emu.client();
    const { ticketId } = await client.createOrder({
      deviceId: WELL_KNOWN.deviceId,
      networkId: WELL_KNOWN.networkId,
      imei: IMEI,
      toolId: TOOL.all,
      suffixes: { ...SUFFIX_EXAMPLES },
    });
    await client.checkOrderStatus(ticketId);
    await client.imeiCheck(IMEI);
    await emu.fault({ method: "POST", path: "/imeicheck/**", kind: "status", status: 503, times: 1 });
    await client.imeiCheck(IMEI).catch(() => undefined);

    const routes = lines.map((line) => (JSON.parse(line) as { fields: { route: string } }).fields.route);
    expect(routes).toEqual([
      `POST /create_order/${WELL_KNOWN.deviceId}/${WELL_KNOWN.networkId}/{imei}/${TOOL.all}`,
      `GET /check_order_status/${ticketId}`,
      "POST /imeicheck/{imei}/{hash}",
      "POST /imeicheck/{imei}/{hash}",
    ]);
    const everything = lines.join("\n");
    expect(everything).not.toMatch(/\d{15}/); // no IMEI (nor any 15-digit run)
    for (const suffix of Object.values(SUFFIX_EXAMPLES)) expect(everything).not.toContain(suffix);
    expect(everything).not.toMatch(/[0-9a-f]{64}/); // the hash
    expect(everything).not.toContain(PRODUCTION.svcKey);
    expect(everything).not.toContain(PRODUCTION.svcSecret);
  });
});
