import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "@/emulator/app";
import type { TestDatabase } from "@/lib/db/testing";
import { startAppWithEmulator, stopAppWithEmulator } from "@/testing/app-env";

// The app's cached catalog reads per product, wired through the real singletons (env,
// database, clients, budget) to the emulator: a second read is served from the database.

let emu: RunningEmulator;
let t: TestDatabase;

beforeAll(async () => void ({ emu, t } = await startAppWithEmulator()));
afterAll(() => stopAppWithEmulator({ emu, t }));

const counters = async (): Promise<Record<string, number>> =>
  (await (await fetch(`${emu.url}/__control/counters`)).json()).counters;

describe("cached catalog reads", () => {
  it("reads top-up operators of a country once from the upstream, then from the database", async () => {
    const { topupOperators } = await import("./topup");
    const first = await topupOperators("GB");
    const second = await topupOperators("gb");
    expect(first.value.length).toBeGreaterThan(0);
    expect(second.value).toEqual(first.value);
    expect(second.stale).toBe(false);
    expect((await counters())["GET /v2/topup/operators"]).toBe(1);
  });

  it("keys a carrier lookup by a hash, never by the phone number", async () => {
    const { carrierLookup } = await import("./topup");
    const read = await carrierLookup("+447400123456");
    expect(read.value.operator_name).toBeTruthy();
    const keys = (await t.db.catalogCacheEntry.findMany({ select: { key: true } })).map((e) => e.key);
    expect(keys.some((k) => k.startsWith("topup.carrier-lookup"))).toBe(true);
    expect(keys.join(" ")).not.toContain("447400123456");
  });

  it("reads eSIM plans, gift card brands and unlock tools through the cache", async () => {
    const { esimPlans } = await import("./esim");
    const { giftcardBrands } = await import("./giftcards");
    const { unlockTools } = await import("./unlock");
    expect((await esimPlans("eu")).value.every((p) => p.country_iso === "eu")).toBe(true);
    expect((await giftcardBrands("gb")).value.length).toBeGreaterThan(0);
    // The emulator's well-known pair: iPhone 13 (1015) on EE UK (234030).
    expect((await unlockTools(1015, 234030)).value.length).toBeGreaterThanOrEqual(5);
    await unlockTools(1015, 234030);
    expect((await counters())["GET /tools/1015/234030"]).toBe(1);
  });

  it("a refresh answering ESIM_DISABLED ends the cached eSIM catalog's lifetime, so listings follow at once", async () => {
    const { esimDestinations, esimPlan, esimPlans } = await import("./esim");
    await esimDestinations();
    expect((await esimPlans("fr")).stale).toBe(false);
    const setEsim = (esimEnabled: boolean) =>
      fetch(`${emu.url}/__control/config`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ esimEnabled }),
      });
    await setEsim(false);
    try {
      // A plan nothing cached yet: its read goes to the supplier and is refused.
      await expect(esimPlan("eu-5gb-30d")).rejects.toMatchObject({ canonicalCode: "ESIM_DISABLED" });
      const fresh = await t.db.catalogCacheEntry.count({
        where: { resource: { in: ["esim.destinations", "esim.plans"] }, expiresAt: { gt: new Date() } },
      });
      expect(fresh).toBe(0);
    } finally {
      await setEsim(true);
    }
  });

  it("reads eSIM destinations and plans in the buyer's language, cached apart from English", async () => {
    const { esimDestinations, esimPlan, esimPlans } = await import("./esim");
    const english = await esimDestinations();
    const spanish = await esimDestinations("es");
    const name = (read: typeof english, code: string) => read.value.find((d) => d.country_iso === code)?.country_name;
    expect(name(english, "de")).toBe("Germany");
    expect(name(spanish, "de")).toBe("Alemania");
    expect(name(spanish, "eu")).toBe("Europa");
    // Read again in each language: both from the cache.
    const before = (await counters())["GET /v2/esim/destinations"];
    expect((await esimDestinations("es")).value).toEqual(spanish.value);
    expect((await esimDestinations()).value).toEqual(english.value);
    expect((await counters())["GET /v2/esim/destinations"]).toBe(before);
    expect((await esimPlans("de", "es")).value[0]?.name).toContain("Alemania");
    const [plan] = (await esimPlans("de")).value;
    expect((await esimPlan(plan!.catalog_id, "es")).value.name).toContain("Alemania");
    const keys = (
      await t.db.catalogCacheEntry.findMany({
        where: { resource: { in: ["esim.destinations", "esim.plans"] } },
        select: { key: true },
      })
    ).map((e) => e.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "esim.destinations",
        "esim.destinations?lang=es",
        "esim.plans?countryIso=de",
        "esim.plans?countryIso=de&lang=es",
      ]),
    );
    // Staff's "Refresh now" on a Spanish entry fetches it in Spanish again, not in English.
    const { refetchFor } = await import("@/lib/admin/catalog/refetch");
    const plans = (await refetchFor("esim.plans?countryIso=de&lang=es")!.fetch()) as Array<{ name: string }>;
    expect(plans[0]?.name).toContain("Alemania");
    const destinations = (await refetchFor("esim.destinations?lang=es")!.fetch()) as Array<{
      country_iso: string;
      country_name: string;
    }>;
    expect(destinations.find((d) => d.country_iso === "de")?.country_name).toBe("Alemania");
    const detail = (await refetchFor(`esim.plans?catalogId=${plan!.catalog_id}&lang=es`)!.fetch()) as { name: string };
    expect(detail.name).toContain("Alemania");
  });
});
