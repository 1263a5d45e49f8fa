import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { readEsimDetail } from "./detail";
import { esimPurchaseLines } from "./lines";

// The data migration *_esim_detail_destination_code: counter sales stored the destination as
// `esim.countryIso`, the order page reads `esim.destinationCode`. Its SQL is applied again to
// rows inserted as the old point of sale wrote them (the test database is already migrated).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

function migrationSql(provider: string): string {
  const dir = join("prisma/migrations", provider);
  const name = readdirSync(dir).find((entry) => entry.endsWith("_esim_detail_destination_code"));
  if (!name) throw new Error(`no esim_detail_destination_code migration for ${provider}`);
  return readFileSync(join(dir, name, "migration.sql"), "utf8");
}

async function insertOrder(id: string, productType: string, detail: unknown) {
  const json = JSON.stringify(detail).replaceAll("'", "''");
  await t.db.$executeRawUnsafe(
    `INSERT INTO "Order" ("id", "ref", "productType", "idempotencyKey", "customerEmail", "currency", "retailAmount", "detail", "updatedAt")
     VALUES ('${id}', 'REF-${id}', '${productType}', 'key-${id}', 'buyer@example.com', 'EUR', 1299, '${json}', CURRENT_TIMESTAMP)`,
  );
}

const detailOf = async (id: string) =>
  (await t.db.order.findUniqueOrThrow({ where: { id }, select: { detail: true } })).detail;

describe("esim_detail_destination_code migration", () => {
  it("copies a counter sale's countryIso into destinationCode, and leaves every other row alone", async () => {
    const counterSale = {
      priceToken: "tok",
      esim: {
        destinationName: "Japan",
        countryIso: "jp",
        planName: "Japan 5 GB",
        dataGb: 5,
        unlimited: false,
        validityDays: 30,
      },
      counterSale: { staffId: "s1" },
    };
    const shopSale = { esim: { destinationCode: "fr", destinationName: "France", countryIso: "jp", unlimited: true } };
    const giftcard = { giftcard: { brandName: "Steam" }, esim: { countryIso: "gb" } };
    await insertOrder("drifted", "esim", counterSale);
    await insertOrder("shop", "esim", shopSale);
    await insertOrder("nothing", "esim", { priceToken: "tok" });
    await insertOrder("giftcard", "giftcard", giftcard);
    expect(esimPurchaseLines(await detailOf("drifted"))[0]).toEqual({ label: "Destination", value: "Japan" });

    await t.db.$executeRawUnsafe(migrationSql(t.provider));

    const migrated = await detailOf("drifted");
    expect(migrated).toEqual({ ...counterSale, esim: { ...counterSale.esim, destinationCode: "jp" } });
    expect(readEsimDetail(migrated)).toMatchObject({
      destinationCode: "jp",
      destinationName: "Japan",
      planName: "Japan 5 GB",
      dataGb: 5,
      unlimited: false,
      validityDays: 30,
    });
    expect(esimPurchaseLines(migrated)[0]).toEqual({ label: "Destination", value: "Japan (JP)" });
    expect(await detailOf("shop")).toEqual(shopSale);
    expect(await detailOf("nothing")).toEqual({ priceToken: "tok" });
    expect(await detailOf("giftcard")).toEqual(giftcard);
  });
});
