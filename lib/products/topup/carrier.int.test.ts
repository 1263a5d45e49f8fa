import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { PEER_ADDRESS_HEADER } from "@/lib/security/client-address";
import { VISITOR_LIMITS } from "@/lib/security/visitor-limits";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";

// A carrier lookup the cache cannot answer costs an upstream call (docs/security.md, finding 2),
// so it spends a point of the visitor network's carrier limit; over it the lookup is
// "unavailable" with a "try again in N seconds" message and nothing is sent. The request's
// headers are what the shop's server would pass (x-shop-peer-address from the socket).

let emu: RunningEmulator;
let t: TestDatabase;
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

const lookups = async (): Promise<number> => {
  const { counters } = (await (await fetch(`${emu.url}/__control/counters`)).json()) as {
    counters: Record<string, number>;
  };
  return Object.entries(counters)
    .filter(([route]) => route.includes("carriers/lookup"))
    .reduce((sum, [, n]) => sum + n, 0);
};

describe("carrier lookups per visitor network", () => {
  it("refuses a network's lookups past its limit without asking the upstream; cached numbers and other networks go on", async () => {
    const { lookupCarrier } = await import("./carrier");
    const limit = VISITOR_LIMITS.carrier.points;
    requestHeaders = new Headers({ [PEER_ADDRESS_HEADER]: "203.0.113.40", "x-forwarded-for": "198.51.100.1" });
    const numbers = Array.from({ length: limit + 3 }, (_, i) => `+4474001${String(20000 + i).padStart(5, "0")}`);
    const results = [];
    for (const number of numbers) results.push(await lookupCarrier(number));
    expect(results.slice(0, limit).every((r) => r.ok)).toBe(true);
    const refused = results.slice(limit);
    for (const r of refused) {
      expect(r).toMatchObject({ ok: false, kind: "unavailable" });
      if (!r.ok)
        expect(r.error).toMatch(
          /^Too many phone number lookups from your network\. Please try again in \d+ seconds?\.$/,
        );
    }
    expect(await lookups()).toBe(limit);

    // A number the cache knows costs nothing: still answered.
    expect((await lookupCarrier(numbers[0]!)).ok).toBe(true);
    // A forged X-Forwarded-For is the same network; another network has its own limit.
    requestHeaders = new Headers({ [PEER_ADDRESS_HEADER]: "203.0.113.40", "x-forwarded-for": "192.0.2.99" });
    expect((await lookupCarrier(numbers.at(-1)!)).ok).toBe(false);
    requestHeaders = new Headers({ [PEER_ADDRESS_HEADER]: "192.0.2.41" });
    expect((await lookupCarrier(numbers.at(-1)!)).ok).toBe(true);
    expect(await lookups()).toBe(limit + 1);
  });
});

describe("a carrier lookup that gives only the operator id (C§4 'returns the operator id')", () => {
  it("takes the operator's name from its detail and the country from the number", async () => {
    const { lookupCarrier } = await import("./carrier");
    requestHeaders = new Headers();
    const rename = (from: string, to: string) =>
      fetch(`${emu.url}/__control/rename-field`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path: "/v2/topup/carriers/lookup/*", from, to }),
      });
    for (const field of ["operator_name", "iso_short_code", "country_name"])
      expect((await rename(`data.${field}`, `unnamed_${field}`)).status).toBe(201);
    try {
      const found = await lookupCarrier("+447400123456");
      expect(found).toMatchObject({
        ok: true,
        carrier: { operatorId: "1010", operatorName: "O2", countryCode: "gb", countryName: "United Kingdom" },
      });
      const { counters } = (await (await fetch(`${emu.url}/__control/counters`)).json()) as {
        counters: Record<string, number>;
      };
      expect(counters["GET /v2/topup/products/1010"]).toBe(1);
    } finally {
      await fetch(`${emu.url}/__control/rename-field`, { method: "DELETE" });
    }
  });
});
