import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { DEFAULT_SETTINGS, seedDatabase } from "@/prisma/seed";
import { PRODUCT_TYPES } from "@/lib/products/registry";
import { DEFAULT_MARGINS, getMargin } from "./margin";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.cleanup());

describe("getMargin", () => {
  it("falls back to the default margin when the setting is missing", async () => {
    expect(await getMargin(t.db, "topup")).toEqual(DEFAULT_MARGINS.topup);
  });

  it("reads the seeded setting per product type", async () => {
    await seedDatabase(t.db);
    await t.db.setting.update({
      where: { key: "pricing.margin.giftcard" },
      data: { value: JSON.stringify({ percent: 7.5, fixedMinor: 20 }) },
    });
    expect(await getMargin(t.db, "giftcard")).toEqual({ percent: 7.5, fixedMinor: 20 });
  });

  it("falls back to the default when the setting is not a valid margin", async () => {
    await t.db.setting.update({
      where: { key: "pricing.margin.esim" },
      data: { value: JSON.stringify({ percent: -3, fixedMinor: 0 }) },
    });
    expect(await getMargin(t.db, "esim")).toEqual(DEFAULT_MARGINS.esim);
    await t.db.setting.update({ where: { key: "pricing.margin.esim" }, data: { value: "not json" } });
    expect(await getMargin(t.db, "esim")).toEqual(DEFAULT_MARGINS.esim);
  });

  it("seeds a margin for every product, so none is sold at cost on a new shop", () => {
    for (const type of PRODUCT_TYPES) {
      const seeded = DEFAULT_SETTINGS[`pricing.margin.${type}`] as { percent: number; fixedMinor: number } | undefined;
      expect(seeded, type).toBeDefined();
      expect(seeded!.percent > 0 || seeded!.fixedMinor > 0, type).toBe(true);
    }
  });
});
