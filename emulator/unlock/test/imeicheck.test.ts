import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UnlockAccount } from "../../core/accounts";
import { IMEI, PRODUCTION, SANDBOX, startHarness, svcHeaders, type Harness } from "./harness";

// IMEI check (unlocking spec sections 2, 4, 7, 8): result shape, sandbox IMEIs, the hash, prices.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => void (await h.controls.reset()));

/** The documented rule, written independently of the emulator's code (README "IMEI check hash"). */
const hashFor = (account: UnlockAccount, imei: string) =>
  createHmac("sha256", account.svcSecret).update(`${account.svcKey}####${imei}`).digest("hex");
const check = (imei: string, account: UnlockAccount = SANDBOX, hash?: string) =>
  h.call("POST", `/imeicheck/${imei}${hash === undefined ? "" : `/${hash}`}`, { account });
const unlockLedger = async (account: UnlockAccount) =>
  (
    (await h.controls.ledger()) as Array<{
      api: string;
      account: string;
      kind: string;
      amountMinor: number;
      simulated: boolean;
    }>
  ).filter((e) => e.api === "unlock" && e.account === account.id);

type ListEntry = { name: string; opers: Array<{ txt: string; status: number }> };
const isDescendingByCountry = (list: ListEntry[]) =>
  list.every((e, i) => i === 0 || list[i - 1]!.name.localeCompare(e.name) >= 0);

describe("§2/§8 IMEI check results", () => {
  it("§8 353047098598802: free blacklist report (type F, reported, black list with status 0, history at most 10)", async () => {
    const reply = await check("353047098598802");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 200, status: "OK", info: "" });
    const res = reply.body.res;
    expect(Object.keys(res).sort()).toEqual(["data", "error", "extra_info", "result", "type_pay"]);
    expect(res.type_pay).toEqual({ type: "F", desc: expect.any(String) });
    expect(res.error).toEqual([]);
    expect(res.result.blackliststatus).toBe(true);
    expect(res.result.lists.black.length).toBeGreaterThan(0);
    for (const entry of res.result.lists.black as ListEntry[]) {
      expect(typeof entry.name).toBe("string");
      expect(entry.opers.length).toBeGreaterThan(0);
      for (const oper of entry.opers) expect(oper).toEqual({ txt: expect.any(String), status: 0 });
    }
    // This IMEI has more events than the cap: exactly 10 are shown.
    expect(res.result.imeihistory).toHaveLength(10);
    for (const item of res.result.imeihistory) {
      expect(item).toEqual({
        imei: "353047098598802",
        action: expect.any(String),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        by: expect.any(String),
        country: expect.any(String),
      });
    }
    expect(res.result.url_report).toBe(`${h.url}/reports/imei/353047098598802.pdf`);
  });

  it("§8 359405085972766: free whitelist report (not reported; white list with status 1 or 2, empty black list)", async () => {
    const res = (await check("359405085972766")).body.res;
    expect(res.type_pay.type).toBe("F");
    expect(res.result.blackliststatus).toBe(false);
    expect(res.result.lists.black).toEqual([]);
    expect(res.result.lists.white.length).toBeGreaterThan(3);
    const statuses = (res.result.lists.white as ListEntry[]).flatMap((e) => e.opers.map((o) => o.status));
    expect(statuses.every((s) => s === 1 || s === 2)).toBe(true);
    expect(res.result.imeihistory).toEqual([]);
  });

  it("§8 123456789876543: device data only (unrecognised), payment required: type P, empty result", async () => {
    const res = (await check("123456789876543")).body.res;
    expect(res.type_pay).toEqual({ type: "P", desc: expect.any(String) });
    expect(res.result).toEqual({});
    expect(res.error).toEqual([]);
    expect(res.data).toMatchObject({ imei: "123456789876543", tac: "12345678", brandname: "", marketingname: "" });
    expect(res.extra_info).toEqual([
      { type: "button", txt: expect.any(String), url: `${h.url}/reports/imei/123456789876543/buy` },
    ]);
    const page = await fetch(res.extra_info[0].url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("123456789876543");
  });

  it("§7/§8 123456789987654: an error in res.error (code, txt) while the envelope status stays OK", async () => {
    const reply = await check("123456789987654");
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe("OK");
    expect(reply.body.res.error).toEqual([{ code: expect.any(String), txt: expect.any(String) }]);
    expect(reply.body.res.error[0].code.length).toBeGreaterThan(0);
    expect(reply.body.res.result).toEqual({});
  });

  it("§2 data: imei, tac, brandname, marketingname, modelname, devicetype, img, lang, all strings", async () => {
    const data = (await check(IMEI.valid)).body.res.data;
    expect(Object.keys(data).sort()).toEqual([
      "brandname",
      "devicetype",
      "imei",
      "img",
      "lang",
      "marketingname",
      "modelname",
      "tac",
    ]);
    for (const value of Object.values(data)) expect(typeof value).toBe("string");
    expect(data.imei).toBe(IMEI.valid);
    expect(data.tac).toBe(IMEI.valid.slice(0, 8));
    expect(data.brandname.length).toBeGreaterThan(0);
    expect((await fetch(data.img)).status).toBe(200);
  });

  it("§2 lists.black and lists.white are ordered by country descending", async () => {
    for (const imei of ["353047098598802", "359405085972766", IMEI.endsIn7]) {
      const { lists } = (await check(imei)).body.res.result;
      expect(isDescendingByCountry(lists.black)).toBe(true);
      expect(isDescendingByCountry(lists.white)).toBe(true);
      expect(lists.black.length + lists.white.length).toBeGreaterThan(2);
    }
  });

  it("§2 extra_info items are buttons (type, txt, url); a free report's button opens its PDF", async () => {
    const res = (await check("359405085972766")).body.res;
    expect(res.extra_info).toEqual([{ type: "button", txt: expect.any(String), url: res.result.url_report }]);
  });

  it("§2 url_report is a real PDF served by the emulator", async () => {
    const { url_report } = (await check("353047098598802")).body.res.result;
    const response = await fetch(url_report);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString("latin1");
    expect(text.startsWith("%PDF-1.")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    // Each xref entry points at its object.
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain("353047098598802");
    expect((await fetch(`${h.url}/reports/imei/123456789876543.pdf`)).status).toBe(404);
  });

  it("emulator rule: other IMEIs get a free report, blacklisted when the check digit is 7", async () => {
    expect((await check(IMEI.endsIn7)).body.res.result.blackliststatus).toBe(true);
    expect((await check(IMEI.valid)).body.res.result.blackliststatus).toBe(false);
    expect((await check(IMEI.valid)).body.res.type_pay.type).toBe("F");
  });
});

describe("§4/§7 IMEI check hash, validation and price", () => {
  it("§4 without hash: valid in sandbox", async () => {
    expect((await check(IMEI.valid, SANDBOX)).body.status).toBe("OK");
  });

  it("§4 without hash on a production account: API_ERROR saying a hash is required", async () => {
    const reply = await check(IMEI.valid, PRODUCTION);
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe("API_ERROR");
    expect(reply.body.info).toMatch(/hash is required/);
  });

  it("§4 POST /imeicheck/{imei}/{hash}: the documented hash (HMAC-SHA256 of key####imei, keyed with the secret) is accepted", async () => {
    const reply = await check("353047098598802", PRODUCTION, hashFor(PRODUCTION, "353047098598802"));
    expect(reply.status).toBe(200);
    expect(reply.body.res.result.blackliststatus).toBe(true);
    expect((await check(IMEI.valid, SANDBOX, hashFor(SANDBOX, IMEI.valid).toUpperCase())).body.status).toBe("OK");
    const viaControl = await h.controls.unlock.hash(IMEI.valid);
    expect(viaControl.hash).toBe(hashFor(PRODUCTION, IMEI.valid));
  });

  it("§4 a wrong hash: API_ERROR, on production and sandbox alike", async () => {
    for (const account of [PRODUCTION, SANDBOX]) {
      const reply = await check(IMEI.valid, account, hashFor(account, IMEI.valid2));
      expect(reply.status).toBe(400);
      expect(reply.body.info).toMatch(/hash does not match/);
    }
    expect((await check(IMEI.valid, PRODUCTION, hashFor(SANDBOX, IMEI.valid))).status).toBe(400);
  });

  it.each([IMEI.wrongCheckDigit, IMEI.fourteenDigits, "abcdefghijklmno"])(
    "§7 invalid IMEI %s: 400 API_ERROR",
    async (imei) => {
      const reply = await check(imei, PRODUCTION, hashFor(PRODUCTION, imei));
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ code: 400, status: "API_ERROR" });
    },
  );

  it("price: a free report debits 0.50 credits on production; payment-required and failed checks cost nothing", async () => {
    await check(IMEI.valid, PRODUCTION, hashFor(PRODUCTION, IMEI.valid));
    await check("123456789876543", PRODUCTION, hashFor(PRODUCTION, "123456789876543"));
    await check("123456789987654", PRODUCTION, hashFor(PRODUCTION, "123456789987654"));
    expect((await unlockLedger(PRODUCTION)).map((e) => [e.kind, e.amountMinor, e.simulated])).toEqual([
      ["debit", 50, false],
    ]);
    expect(await h.balance(PRODUCTION)).toBe(PRODUCTION.openingCreditsMinor - 50);
  });

  it("type_pay=P buys a paid device's full report: 2.50 credits, the whole result, its PDF from then on", async () => {
    const imei = "123456789876543";
    const body = new URLSearchParams({ type_pay: "P" });
    const headers = { ...svcHeaders(PRODUCTION), "Content-Type": "application/x-www-form-urlencoded" };
    expect((await fetch(`${h.url}/reports/imei/${imei}.pdf`)).status).toBe(404);
    const reply = await h.call("POST", `/imeicheck/${imei}/${hashFor(PRODUCTION, imei)}`, { headers, body });
    expect(reply.status).toBe(200);
    const res = reply.body.res;
    expect(res.type_pay.type).toBe("P");
    expect(res.result).toMatchObject({
      blackliststatus: false,
      imeihistory: [],
      url_report: `${h.url}/reports/imei/${imei}.pdf`,
    });
    expect(res.data.brandname).not.toBe("");
    expect((await unlockLedger(PRODUCTION)).map((e) => [e.kind, e.amountMinor])).toEqual([["debit", 250]]);
    expect((await fetch(`${h.url}/reports/imei/${imei}.pdf`)).status).toBe(200);
    // On a device with a free report it changes nothing: the free report at the free price.
    const free = await h.call("POST", `/imeicheck/${IMEI.valid}/${hashFor(PRODUCTION, IMEI.valid)}`, { headers, body });
    expect(free.body.res.type_pay.type).toBe("F");
    expect((await unlockLedger(PRODUCTION)).map((e) => e.amountMinor)).toEqual([250, 50]);
    const wrong = await h.call("POST", `/imeicheck/${imei}/${hashFor(PRODUCTION, imei)}`, {
      headers,
      body: new URLSearchParams({ type_pay: "F" }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.info).toMatch(/type_pay/);
  });

  it("price: sandbox checks are recorded as simulated and keep the balance", async () => {
    await check(IMEI.valid, SANDBOX);
    expect((await unlockLedger(SANDBOX)).map((e) => [e.kind, e.simulated])).toEqual([["debit", true]]);
    expect(await h.balance(SANDBOX)).toBe(SANDBOX.openingCreditsMinor);
  });

  it("price: a production check with too few credits is an API_ERROR", async () => {
    await h.controls.unlock.setBalance(PRODUCTION.id, 10);
    const reply = await check(IMEI.valid, PRODUCTION, hashFor(PRODUCTION, IMEI.valid));
    expect(reply.status).toBe(400);
    expect(reply.body.info).toMatch(/Insufficient credits/);
  });
});
