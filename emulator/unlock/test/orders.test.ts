import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOrderDelayMs } from "../orders/delay";
import {
  DAY,
  HOUR,
  IMEI,
  MINUTE,
  PRODUCTION,
  SANDBOX,
  startHarness,
  TOOL,
  WEEK,
  WELL_KNOWN,
  type Harness,
} from "./harness";

// Unlock orders (unlocking spec sections 2, 3, 4, 7, 8): create_order, check_order_status,
// update_order, cancel_order, retrieve_order_instructions, states and stated moves.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => void (await h.controls.reset()));

const createPath = (
  imeiValue: string,
  toolId: number,
  device: number = WELL_KNOWN.deviceId,
  network: number = WELL_KNOWN.networkId,
) => `/create_order/${device}/${network}/${imeiValue}/${toolId}`;
const status = async (ticket: number, account = SANDBOX) =>
  (await h.call("GET", `/check_order_status/${ticket}`, { account })).body.res[ticket];
const ledger = async (account = PRODUCTION) =>
  (
    (await h.controls.ledger()) as Array<{
      api: string;
      account: string;
      kind: string;
      amountMinor: number;
      simulated: boolean;
      reference: string;
    }>
  ).filter((e) => e.api === "unlock" && e.account === account.id);
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("§4 create_order", () => {
  it("§4 create_order returns res.id_ticket (integer) and debits the tool price (credits x 100) on production", async () => {
    const before = await h.balance(PRODUCTION);
    const reply = await h.call("POST", createPath(IMEI.valid, TOOL.standard), { account: PRODUCTION });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 200, status: "OK", info: "" });
    expect(Object.keys(reply.body.res)).toEqual(["id_ticket"]);
    expect(Number.isInteger(reply.body.res.id_ticket)).toBe(true);
    expect(await h.balance(PRODUCTION)).toBe(before - 2490);
    expect(await ledger()).toEqual([
      expect.objectContaining({
        kind: "debit",
        amountMinor: 2490,
        simulated: false,
        reference: `unlock:order:${reply.body.res.id_ticket}`,
      }),
    ]);
  });

  it("§4 create_order on the sandbox account records a simulated debit and keeps the balance", async () => {
    const before = await h.balance(SANDBOX);
    await h.order(IMEI.valid, TOOL.standard, SANDBOX);
    expect(await h.balance(SANDBOX)).toBe(before);
    expect(await ledger(SANDBOX)).toEqual([
      expect.objectContaining({ kind: "debit", amountMinor: 2490, simulated: true }),
    ]);
  });

  it("§8 create_order takes a delay before answering: 50–200 ms by default, up to 30 s when realistic", async () => {
    const started = Date.now();
    await h.order(IMEI.valid, TOOL.instant);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(createOrderDelayMs(false, () => 0)).toBe(50);
    expect(createOrderDelayMs(false, () => 0.999999)).toBe(200);
    expect(createOrderDelayMs(true, () => 0.999999)).toBe(30_000);
    expect(createOrderDelayMs(true, () => 0)).toBeGreaterThan(200);
  });

  it("§4 create_order: insufficient credits is an API_ERROR and debits nothing", async () => {
    await h.controls.unlock.setBalance(PRODUCTION.id, 100);
    const reply = await h.call("POST", createPath(IMEI.valid, TOOL.standard), { account: PRODUCTION });
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(/Insufficient credits: this costs 24.90 credits and the balance is 1.00/);
    expect(await h.balance(PRODUCTION)).toBe(100);
  });

  it.each([
    [createPath(IMEI.valid, TOOL.standard, 9999), /Device 9999 does not exist/],
    [createPath(IMEI.valid, TOOL.standard, WELL_KNOWN.deviceId, 1), /Network 1 does not exist/],
    [createPath(IMEI.valid, 99), /Tool 99 is not offered for device 1015 on network 234030/],
  ])("§4/§7 create_order with an unknown device, network or tool: 404 API_ERROR (%s)", async (path, info) => {
    const reply = await h.call("POST", path);
    expect(reply.status).toBe(404);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(info);
  });
});

describe("§2 IMEI value for create_order", () => {
  it.each([
    IMEI.valid,
    IMEI.valid2,
    "123456789876543",
    "355710060480006",
    "353047098598802",
    "359405085972766",
    "123456789987654",
  ])("§2 IMEI %s (15 digits, Luhn) is accepted by a tool without flags", async (imei) => {
    const reply = await h.call("POST", createPath(imei, TOOL.instant));
    expect(reply.body.status).toBe("OK");
  });

  it.each([
    [IMEI.wrongCheckDigit, /wrong check digit/],
    [IMEI.fourteenDigits, /exactly 15 digits/],
    ["49015420323751A", /exactly 15 digits/],
  ])("§2 IMEI %s is refused with 400 API_ERROR", async (imei, info) => {
    const reply = await h.call("POST", createPath(imei, TOOL.instant));
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(info);
  });

  const valid: Array<[string, number, string]> = [
    ["sn", TOOL.sn, "SNAB12-C3456"],
    ["sn", TOOL.sn, "SNABCDE-1234567"],
    ["prd", TOOL.prd, "PRD12345678"],
    ["pin", TOOL.pin, "PIN1234ABCD"],
    ["mep", TOOL.mep, "MEP-12345-123"],
    ["sro", TOOL.sro, "SROX1234567"],
    ["sro", TOOL.sro, "SROXABCDEFGHIJK"],
  ];
  it.each(valid)("§2 %s suffix accepted (tool %i): %s", async (_flag, tool, suffix) => {
    const reply = await h.call("POST", createPath(IMEI.valid + suffix, tool));
    expect(reply.body.status).toBe("OK");
  });

  const invalid: Array<[string, number, string]> = [
    ["sn", TOOL.sn, ""],
    ["sn", TOOL.sn, "SNABC-12345"],
    ["sn", TOOL.sn, "SNABCDEF-12345"],
    ["sn", TOOL.sn, "SNAB1212345"],
    ["sn", TOOL.sn, "SNAB12-1234"],
    ["sn", TOOL.sn, "SNAB12-12345678"],
    ["prd", TOOL.prd, "PRD1234567"],
    ["prd", TOOL.prd, "PRD1234567A"],
    ["prd", TOOL.prd, "PRD123456789"],
    ["pin", TOOL.pin, "PIN1234ABC"],
    ["pin", TOOL.pin, "PIN1234ABCDE"],
    ["mep", TOOL.mep, "MEP12345-123"],
    ["mep", TOOL.mep, "MEP-1234-123"],
    ["mep", TOOL.mep, "MEP-12345-12"],
    ["mep", TOOL.mep, "MEP-1234A-123"],
    ["sro", TOOL.sro, "SROx1234567"],
    ["sro", TOOL.sro, "SRO1234567"],
    ["sro", TOOL.sro, "SROX123456"],
    ["sro", TOOL.sro, "SROX123456789012"],
  ];
  it.each(invalid)('§2 %s suffix refused with 400 (tool %i): "%s"', async (flag, tool, suffix) => {
    const reply = await h.call("POST", createPath(IMEI.valid + suffix, tool));
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toContain(flag);
  });

  it("§2 a tool needing every flag takes the suffixes in the order sn, prd, pin, mep, sro", async () => {
    const inOrder = "SNAB12-C3456PRD12345678PIN1234ABCDMEP-12345-123SROX1234567";
    expect((await h.call("POST", createPath(IMEI.valid + inOrder, TOOL.all))).body.status).toBe("OK");
    const swapped = "PRD12345678SNAB12-C3456PIN1234ABCDMEP-12345-123SROX1234567";
    const reply = await h.call("POST", createPath(IMEI.valid + swapped, TOOL.all));
    expect(reply.status).toBe(400);
    expect(reply.body.info).toMatch(/Missing or malformed sn suffix/);
    const missingPin = "SNAB12-C3456PRD12345678MEP-12345-123SROX1234567";
    expect((await h.call("POST", createPath(IMEI.valid + missingPin, TOOL.all))).body.info).toMatch(
      /Missing or malformed pin suffix/,
    );
  });

  it("§2 no spaces anywhere in the IMEI value", async () => {
    const reply = await h.call("POST", createPath(`${IMEI.valid}%20PRD12345678`, TOOL.prd));
    expect(reply.status).toBe(400);
    expect(reply.body.info).toMatch(/spaces/);
    expect((await h.call("POST", createPath(`${IMEI.valid}PRD1234%205678`, TOOL.prd))).status).toBe(400);
  });

  it("§2 a tool without flags refuses a suffix; a suffix a tool does not need is refused", async () => {
    const bare = await h.call("POST", createPath(`${IMEI.valid}PRD12345678`, TOOL.standard));
    expect(bare.status).toBe(400);
    expect(bare.body.info).toMatch(/bare 15-digit IMEI/);
    const extra = await h.call("POST", createPath(`${IMEI.valid}PRD12345678PIN1234ABCD`, TOOL.prd));
    expect(extra.status).toBe(400);
    expect(extra.body.info).toMatch(/Unexpected characters/);
  });
});

describe("§3 states and time-driven progress", () => {
  it("§2/§4 check_order_status: the order object keyed by ticket id, creation_datetime YYYY-MM-DD HH:MM:SS", async () => {
    const ticket = await h.order(IMEI.valid);
    const { now } = await h.controls.clock();
    const reply = await h.call("GET", `/check_order_status/${ticket}`);
    expect(reply.body).toMatchObject({ code: 200, status: "OK", info: "" });
    expect(Object.keys(reply.body.res)).toEqual([String(ticket)]);
    const order = reply.body.res[ticket];
    expect(order).toEqual({
      id_device: WELL_KNOWN.deviceId,
      id_network: WELL_KNOWN.networkId,
      imei: IMEI.valid,
      creation_datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      status: "open",
      ok_sent: "false",
    });
    expect(Math.abs(Date.parse(`${order.creation_datetime.replace(" ", "T")}Z`) - Date.parse(now))).toBeLessThan(2_000);
  });

  it("§3 open → pending → available on the emulator clock by the tool's guaranteed time; ok_sent turns true", async () => {
    const ticket = await h.order(IMEI.valid, TOOL.standard); // guaranteed 1–3 days
    expect((await status(ticket)).status).toBe("open");
    await h.advance(31_000);
    expect(await status(ticket)).toMatchObject({ status: "pending", ok_sent: "false" });
    await h.advance(DAY);
    expect((await status(ticket)).status).toBe("pending");
    await h.advance(2 * DAY);
    expect(await status(ticket)).toMatchObject({ status: "available", ok_sent: "true" });
  });

  it.each([
    ["instant", TOOL.instant, "", 10_000],
    ["minutes", TOOL.pin, "PIN1234ABCD", 45 * MINUTE],
    ["hours", TOOL.prd, "PRD12345678", 6 * HOUR],
    ["days", TOOL.mep, "MEP-12345-123", 2 * DAY],
    ["weeks", TOOL.sro, "SROX1234567", 2 * WEEK],
  ])("§3/§4 a %s tool's order is available by its guaranteed maximum", async (_type, tool, suffix, max) => {
    const ticket = await h.order(IMEI.valid + suffix, tool);
    await h.advance(max + 1_000);
    expect((await status(ticket)).status).toBe("available");
  });

  it("§3 notavailable (rule: check digit 0) when the tool's time is up, refunded", async () => {
    const ticket = await h.order(IMEI.endsIn0, TOOL.instant, PRODUCTION);
    await h.advance(11_000);
    expect(await status(ticket, PRODUCTION)).toMatchObject({ status: "notavailable", ok_sent: "false" });
    expect((await ledger()).map((e) => [e.kind, e.amountMinor])).toEqual([
      ["debit", 450],
      ["refund", 450],
    ]);
    expect(await h.balance(PRODUCTION)).toBe(PRODUCTION.openingCreditsMinor);
  });

  it("§3 error (rule: IMEI ending 00) at creation, refunded", async () => {
    const ticket = await h.order(IMEI.endsIn00, TOOL.standard, PRODUCTION);
    expect((await status(ticket, PRODUCTION)).status).toBe("error");
    expect((await ledger()).map((e) => e.kind)).toEqual(["debit", "refund"]);
  });

  it("§3/§8 sandbox IMEI 123456789876543: available at creation, with instructions", async () => {
    const ticket = await h.order("123456789876543", TOOL.standard, SANDBOX);
    expect(await status(ticket)).toMatchObject({ status: "available", ok_sent: "true" });
    const instructions = await h.call("GET", `/retrieve_order_instructions/${ticket}`);
    expect(instructions.body.res[ticket].howto).toContain("123456789876543");
  });

  it("§3/§8 sandbox IMEI 355710060480006: notavailable at creation, with a refund in the ledger", async () => {
    const ticket = await h.order("355710060480006", TOOL.standard, SANDBOX);
    expect((await status(ticket)).status).toBe("notavailable");
    expect((await ledger(SANDBOX)).map((e) => [e.kind, e.amountMinor, e.simulated, e.reference])).toEqual([
      ["debit", 2490, true, `unlock:order:${ticket}`],
      ["refund", 2490, true, `unlock:order:${ticket}`],
    ]);
  });

  it("§3 the sandbox IMEIs' outcomes hold on the production account too, with real credit movements", async () => {
    const ticket = await h.order("355710060480006", TOOL.standard, PRODUCTION);
    expect((await status(ticket, PRODUCTION)).status).toBe("notavailable");
    expect((await ledger()).map((e) => [e.kind, e.simulated])).toEqual([
      ["debit", false],
      ["refund", false],
    ]);
    expect(await h.balance(PRODUCTION)).toBe(PRODUCTION.openingCreditsMinor);
  });
});

describe("§3/§4 update_order", () => {
  it("§3 update_order force=nowait makes an unfinished order ready now (overrides a weeks tool); the update reply gives ok_sent 1", async () => {
    const ticket = await h.order(`${IMEI.valid}SROX1234567`, TOOL.sro);
    const reply = await h.call("POST", `/update_order/${ticket}`, { body: form({ force: "nowait" }) });
    expect(reply.status).toBe(200);
    expect(reply.body.res[ticket]).toMatchObject({ status: "available", ok_sent: "1", imei: IMEI.valid });
    expect(await status(ticket)).toMatchObject({ status: "available", ok_sent: "true" });
  });

  it("§3 update_order force=nowait accepts a multipart form too", async () => {
    const ticket = await h.order(IMEI.valid);
    const body = new FormData();
    body.set("force", "nowait");
    expect((await h.call("POST", `/update_order/${ticket}`, { body })).body.res[ticket].status).toBe("available");
  });

  it("§3 update_order force=nowait on an order that will not get a code: notavailable now, refunded", async () => {
    const ticket = await h.order(IMEI.endsIn0, TOOL.standard, PRODUCTION);
    const reply = await h.call("POST", `/update_order/${ticket}`, {
      account: PRODUCTION,
      body: form({ force: "nowait" }),
    });
    expect(reply.body.res[ticket]).toMatchObject({ status: "notavailable", ok_sent: "false" });
    expect((await ledger()).map((e) => e.kind)).toEqual(["debit", "refund"]);
  });

  it("§4 update_order without force answers the order unchanged", async () => {
    const ticket = await h.order(IMEI.valid);
    const reply = await h.call("POST", `/update_order/${ticket}`);
    expect(reply.body).toMatchObject({ code: 200, status: "OK" });
    expect(reply.body.res[ticket]).toMatchObject({ status: "open", ok_sent: "false" });
  });

  it("§4 update_order with a force value other than nowait: 400 API_ERROR", async () => {
    const ticket = await h.order(IMEI.valid);
    const reply = await h.call("POST", `/update_order/${ticket}`, { body: form({ force: "now" }) });
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(/nowait/);
    expect((await status(ticket)).status).toBe("open");
  });

  it("§4 update_order of an unknown ticket: 404", async () => {
    expect((await h.call("POST", "/update_order/42", { body: form({ force: "nowait" }) })).status).toBe(404);
  });
});

describe("§3/§7/§8 cancel_order", () => {
  it("§3 cancel within 10 minutes after placement: canceled and refunded", async () => {
    const ticket = await h.order(IMEI.valid, TOOL.standard, PRODUCTION);
    await h.advance(9 * MINUTE + 59_000);
    const reply = await h.call("DELETE", `/cancel_order/${ticket}`, { account: PRODUCTION });
    expect(reply.status).toBe(200);
    expect(reply.body.res).toEqual({ [ticket]: { status: "canceled" } });
    expect((await status(ticket, PRODUCTION)).status).toBe("canceled");
    expect((await ledger()).map((e) => [e.kind, e.amountMinor])).toEqual([
      ["debit", 2490],
      ["refund", 2490],
    ]);
    // Canceled is final: the clock passing the tool's time does not revive it.
    await h.advance(5 * DAY);
    expect((await status(ticket, PRODUCTION)).status).toBe("canceled");
  });

  it("§7/§8 cancel after the 10-minute window: API_ERROR, no refund", async () => {
    const ticket = await h.order(IMEI.valid, TOOL.standard, PRODUCTION);
    await h.advance(10 * MINUTE + 1_000);
    const reply = await h.call("DELETE", `/cancel_order/${ticket}`, { account: PRODUCTION });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      status: "API_ERROR",
      info: `Cancel window of 10 minutes has passed for order ${ticket}`,
      res: {},
    });
    expect((await status(ticket, PRODUCTION)).status).toBe("pending");
    expect((await ledger()).map((e) => e.kind)).toEqual(["debit"]);
  });

  it("§3 cancel of an already final order: API_ERROR", async () => {
    const ticket = await h.order("123456789876543", TOOL.standard);
    const reply = await h.call("DELETE", `/cancel_order/${ticket}`);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(/already available/);
  });

  it("§4 tickets belong to their account: another account's ticket is 404", async () => {
    const ticket = await h.order(IMEI.valid, TOOL.standard, SANDBOX);
    expect((await h.call("GET", `/check_order_status/${ticket}`, { account: PRODUCTION })).status).toBe(404);
    expect((await h.call("DELETE", `/cancel_order/${ticket}`, { account: PRODUCTION })).status).toBe(404);
  });
});

describe("§4 retrieve_order_instructions", () => {
  it("§4 before the order is available: API_ERROR", async () => {
    const ticket = await h.order(IMEI.valid);
    const reply = await h.call("GET", `/retrieve_order_instructions/${ticket}`);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(/order 7\d+ is open/);
  });

  it("§4 after available: res keyed by ticket id with howto, multi-line instructions", async () => {
    const ticket = await h.order(IMEI.valid, TOOL.instant);
    await h.advance(10_000);
    const reply = await h.call("GET", `/retrieve_order_instructions/${ticket}`);
    expect(reply.body).toMatchObject({ status: "OK", info: "" });
    const howto: string = reply.body.res[ticket].howto;
    expect(howto.split("\n").length).toBeGreaterThanOrEqual(3);
    expect(howto).toContain("iPhone 13");
    expect(howto).toContain("EE");
  });

  it("§4 a non-Apple order's instructions carry an unlock code", async () => {
    const tools = (await h.call("GET", "/tools/2001/234030")).body.res.tools as Array<{
      id_tool: number;
      sn: string;
      prd: string;
      pin: string;
      mep: string;
      sro: string;
      tool_type: string;
    }>;
    const plain = tools.find(
      (t) => [t.sn, t.prd, t.pin, t.mep, t.sro].every((f) => f === "false") && t.tool_type !== "usb",
    );
    expect(plain).toBeDefined();
    const created = await h.call("POST", createPath(IMEI.valid, plain!.id_tool, 2001, 234030));
    const ticket = created.body.res.id_ticket;
    await h.call("POST", `/update_order/${ticket}`, { body: form({ force: "nowait" }) });
    const howto: string = (await h.call("GET", `/retrieve_order_instructions/${ticket}`)).body.res[ticket].howto;
    expect(howto).toMatch(/unlock code exactly: \d{16}/);
  });
});
