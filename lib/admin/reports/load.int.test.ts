import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import type { OrderStatus, ProductType } from "@/lib/db/generated/sqlite/enums";
import { loadReport } from "./load";

// The report read from a real database: the range's UTC day bounds, the statuses that count,
// and amounts added in integer minor units.

let t: TestDatabase;
let n = 0;

async function insert(
  productType: ProductType,
  status: OrderStatus,
  createdAt: string,
  retail: number,
  cost: number | null,
  detail: object = {},
) {
  n += 1;
  await t.db.order.create({
    data: {
      ref: `R${n}`,
      productType,
      status,
      idempotencyKey: `idem-${n}`,
      customerEmail: "buyer@example.com",
      currency: "EUR",
      retailAmount: retail,
      costAmount: cost,
      costCurrency: cost === null ? null : "EUR",
      detail,
      createdAt: new Date(createdAt),
    },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await insert("topup", "fulfilled", "2026-11-01T00:00:00Z", 1633, 1520, { operator: { name: "O2" } });
  await insert("topup", "placed", "2026-11-01T23:59:59Z", 1633, 1520, { product: { operator_name: "O2" } });
  await insert("giftcard", "fulfilled", "2026-11-02T08:00:00Z", 2625, 2500, { giftcard: { brandName: "Steam" } });
  await insert("giftcard", "refunded", "2026-11-02T09:00:00Z", 2625, 2500);
  await insert("topup", "awaiting_payment", "2026-11-02T10:00:00Z", 999, null);
  await insert("topup", "fulfilled", "2026-10-31T23:59:59Z", 5000, 4000);
  await insert("topup", "fulfilled", "2026-11-03T00:00:00Z", 5000, 4000);
});
afterAll(async () => {
  await t.cleanup();
});

describe("loadReport", () => {
  it("aggregates the paid orders of the range, per day and product type, in minor units", async () => {
    const report = await loadReport(t.db, { from: "2026-11-01", to: "2026-11-02" });
    expect(report.totals).toEqual({
      salesMinor: 1633 + 1633 + 2625,
      costMinor: 1520 + 1520 + 2500,
      marginMinor: 113 + 113 + 125,
      orders: 3,
    });
    expect(report.days).toEqual([
      { day: "2026-11-01", salesMinor: 3266, costMinor: 3040, marginMinor: 226, orders: 2 },
      { day: "2026-11-02", salesMinor: 2625, costMinor: 2500, marginMinor: 125, orders: 1 },
    ]);
    expect(report.products).toEqual([
      { productType: "topup", salesMinor: 3266, costMinor: 3040, marginMinor: 226, orders: 2 },
      { productType: "giftcard", salesMinor: 2625, costMinor: 2500, marginMinor: 125, orders: 1 },
    ]);
    expect(report.top.operators).toEqual([{ label: "O2", orders: 2, salesMinor: 3266 }]);
    expect(report.top.brands).toEqual([{ label: "Steam", orders: 1, salesMinor: 2625 }]);
  });
});
