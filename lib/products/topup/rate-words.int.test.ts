import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";

// A top-up's rates in the buyer's language: the upstream takes `lang` on an operator's rates
// (upstream-notes), so a Spanish page names each rate as the supplier writes it in Spanish, at
// the same price and token as the English page; when that read fails the page still sells, in
// the supplier's English.

let emu: RunningEmulator;
let t: TestDatabase;

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

const O2 = "1010";
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${emu.url}/__control${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const counters = async (): Promise<Record<string, number>> =>
  (await (await control("GET", "/counters")).json()).counters;

describe("top-up rates in the buyer's language", () => {
  it("names an operator's rates in Spanish on a Spanish page, at the English page's prices and tokens", async () => {
    const { loadOperatorOffer } = await import("./offer");
    const english = await loadOperatorOffer(O2, "en");
    const spanish = await loadOperatorOffer(O2, "es");
    if (!english.ok || !spanish.ok) throw new Error("offer not loaded");
    const strip = (c: (typeof english.value.choices)[number]) => ({ ...c, productName: "", description: "" });
    expect(spanish.value.choices.map(strip)).toEqual(english.value.choices.map(strip));
    const airtime = spanish.value.choices.find((c) => c.serviceType === "airtime")!;
    expect(airtime.productName).toMatch(/^O2 Saldo \d+ GBP$/);
    expect(english.value.choices.find((c) => c.token === airtime.token)!.productName).toMatch(/^O2 \d+ GBP Airtime$/);
    expect(spanish.value.choices.find((c) => c.serviceType === "data")?.productName).toMatch(
      /^O2 Datos \d+ GB, \d+ días$/,
    );
    // Each page sells from the rates (C§4), asked once per language and then cached.
    expect((await counters())[`GET /v2/topup/operators/${O2}/rates`]).toBe(2);
    await loadOperatorOffer(O2, "es");
    await loadOperatorOffer(O2, "en");
    expect((await counters())[`GET /v2/topup/operators/${O2}/rates`]).toBe(2);
    const keys = (await t.db.catalogCacheEntry.findMany({ where: { resource: "topup.rates" }, select: { key: true } }))
      .map((e) => e.key)
      .sort();
    expect(keys).toEqual([`topup.rates?lang=es&operatorId=${O2}`, `topup.rates?operatorId=${O2}`]);
  });

  it("names a country's top-ups in Spanish on the Spanish country page", async () => {
    const { loadCountryPage } = await import("./country-page");
    const page = await loadCountryPage("gb", {}, "es");
    if (!page.products.ok) throw new Error("products not loaded");
    const names = page.products.value.map((row) => row.choice.productName);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => /Airtime|Bundle|\bdays\b/.test(name))).toEqual([]);
    expect(names.some((name) => / Saldo \d+ GBP$/.test(name))).toBe(true);
  });

  it("still sells, in the supplier's English, when the rates in the language cannot be read", async () => {
    const { loadOperatorOffer } = await import("./offer");
    const { topupOperators } = await import("@/lib/catalog/topup");
    // An operator no earlier test has read (France's first).
    const operator = String((await topupOperators("fr")).value[0]!.id_operator);
    // The upstream refuses the language once: the English read that follows still prices the page.
    await control("POST", "/faults", {
      method: "GET",
      path: `/v2/topup/operators/${operator}/rates`,
      kind: "status",
      status: 400,
      times: 1,
    });
    try {
      const spanish = await loadOperatorOffer(operator, "es");
      if (!spanish.ok) throw new Error(spanish.error);
      expect(spanish.value.choices.length).toBeGreaterThan(0);
      expect(spanish.value.choices.find((c) => c.serviceType === "airtime")?.productName).toMatch(/ EUR Airtime$/);
    } finally {
      await control("DELETE", "/faults");
    }
  });
});
