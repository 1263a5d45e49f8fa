import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UnlockAccount } from "../../core/accounts";
import { PRODUCTION, SANDBOX, startHarness, TOOL, type Harness } from "./harness";

// The unlocking API under each dialect (README "Dialects"). U§3 and U§8 state the test IMEIs'
// forced outcomes for "sandbox" only; U§4 serves /imeicheck/{imei} without a hash "only in sandbox".

const SANDBOX_UNLOCK = { available: "123456789876543", notavailable: "355710060480006" } as const;
const SANDBOX_CHECK = {
  blacklisted: "353047098598802",
  clean: "359405085972766",
  paid: "123456789876543",
  error: "123456789987654",
} as const;

/** The README's hash rule, written independently of the emulator's code. */
const hashFor = (account: UnlockAccount, imei: string) =>
  createHmac("sha256", account.svcSecret).update(`${account.svcKey}####${imei}`).digest("hex");

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ dialect: "documented" });
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.controls.reset();
  await h.controls.setConfig({ dialect: "documented" });
});

const statusOf = async (ticket: number, account: UnlockAccount) =>
  (await h.call("GET", `/check_order_status/${ticket}`, { account })).body.res[String(ticket)].status as string;
const check = (imei: string, account: UnlockAccount) =>
  h.call("POST", `/imeicheck/${imei}${account === SANDBOX ? "" : `/${hashFor(account, imei)}`}`, { account });

describe("documented dialect: sandbox test IMEIs are forced on the sandbox account only", () => {
  it("§3 unlock: on the sandbox account 123456789876543 is available and 355710060480006 notavailable at creation", async () => {
    expect(await statusOf(await h.order(SANDBOX_UNLOCK.available, TOOL.standard, SANDBOX), SANDBOX)).toBe("available");
    expect(await statusOf(await h.order(SANDBOX_UNLOCK.notavailable, TOOL.standard, SANDBOX), SANDBOX)).toBe(
      "notavailable",
    );
  });

  it("§3 unlock: on the production account they are ordinary orders (open, charged, no forced end)", async () => {
    for (const imei of Object.values(SANDBOX_UNLOCK)) {
      const ticket = await h.order(imei, TOOL.standard, PRODUCTION);
      expect(await statusOf(ticket, PRODUCTION)).toBe("open");
    }
    const debits = ((await h.controls.ledger()) as Array<{ api: string; account: string; kind: string }>).filter(
      (e) => e.api === "unlock" && e.account === PRODUCTION.id,
    );
    expect(debits.map((e) => e.kind)).toEqual(["debit", "debit"]);
  });

  it("§8 IMEI check: on the sandbox account the four test IMEIs give their forced results", async () => {
    expect((await check(SANDBOX_CHECK.blacklisted, SANDBOX)).body.res.result.blackliststatus).toBe(true);
    expect((await check(SANDBOX_CHECK.paid, SANDBOX)).body.res).toMatchObject({ type_pay: { type: "P" }, result: {} });
    expect((await check(SANDBOX_CHECK.error, SANDBOX)).body.res.error).toHaveLength(1);
  });

  it("§8 IMEI check: on the production account the test IMEIs get a normal report (free, not reported, no error)", async () => {
    for (const imei of Object.values(SANDBOX_CHECK)) {
      const reply = await check(imei, PRODUCTION);
      expect(reply.status).toBe(200);
      expect(reply.body.res).toMatchObject({
        error: [],
        type_pay: { type: "F" },
        result: { blackliststatus: false, imeihistory: [] },
      });
      // The PDF the report links to is the same normal report.
      const pdf = await fetch(reply.body.res.result.url_report as string);
      expect(pdf.status).toBe(200);
      expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1")).toContain("not reported");
    }
  });

  it("§4 the hash-less form is refused on the production account and served on the sandbox account", async () => {
    const production = await h.call("POST", `/imeicheck/${SANDBOX_CHECK.clean}`, { account: PRODUCTION });
    expect(production.status).toBe(400);
    expect(production.body).toMatchObject({ status: "API_ERROR", info: expect.stringMatching(/hash is required/) });
    expect((await h.call("POST", `/imeicheck/${SANDBOX_CHECK.clean}`, { account: SANDBOX })).body.status).toBe("OK");
  });
});

describe("observed dialect: the test IMEIs are forced on every account", () => {
  it("the production account gets the forced outcomes too (the shop's embedded account reaches every state)", async () => {
    await h.controls.setConfig({ dialect: "observed" });
    expect(await statusOf(await h.order(SANDBOX_UNLOCK.available, TOOL.standard, PRODUCTION), PRODUCTION)).toBe(
      "available",
    );
    expect((await check(SANDBOX_CHECK.blacklisted, PRODUCTION)).body.res.result.blackliststatus).toBe(true);
    expect((await h.call("POST", `/imeicheck/${SANDBOX_CHECK.clean}`, { account: PRODUCTION })).status).toBe(400);
  });
});
