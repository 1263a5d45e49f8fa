// Seeds an empty database with what the embedded default needs to run: the shop's
// default settings. Safe to run again: it only fills what is missing.
import type { DbClient } from "../lib/db/create-client.ts";
import { PRODUCT_VIEWS } from "../lib/products/views.ts";

/** Defaults a fresh shop starts with; staff change them in the admin later. */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  // Retail margin per product type: percent of the upstream cost plus a fixed amount in minor
  // units, each product's default (its view's `defaultMargin`, lib/products/views.ts).
  ...Object.fromEntries(
    Object.entries(PRODUCT_VIEWS).map(([type, view]) => [`pricing.margin.${type}`, view.defaultMargin]),
  ),
  // US dollars per euro (docs/i18n.md "Currencies") for what the upstream prices in euros only (unlocks, IMEI checks),
  // dated the day the shop was set up; staff keep it current on the admin's pricing page.
  "pricing.usdPerEur": { rate: "1.08", date: new Date().toISOString().slice(0, 10) },
  // Staff see a banner when the commerce credit balance falls below this (EUR minor units).
  "credits.lowBalanceThresholdMinor": 5000,
};

export async function seedDatabase(db: DbClient): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
    const existing = await db.setting.findUnique({ where: { key } });
    if (existing) continue;
    await db.setting.create({ data: { key, value: JSON.stringify(value), updatedBy: "seed" } });
    created.push(key);
  }
  return { created };
}

/** True when the database has never been seeded (no settings at all). */
export async function isEmpty(db: DbClient): Promise<boolean> {
  return (await db.setting.count()) === 0;
}

// `npm run db:seed`
if (import.meta.url === `file://${process.argv[1]}`) {
  const { createDbClient } = await import("../lib/db/create-client.ts");
  const db = createDbClient(process.env.DATABASE_URL ?? "file:./data/shop.db");
  const { created } = await seedDatabase(db);
  console.log(
    created.length ? `Seeded ${created.length} settings` : "Nothing to seed: the database already has its settings",
  );
  await db.$disconnect();
}
