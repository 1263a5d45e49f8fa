import type { OrderStatus, ProductType } from "@/lib/db/generated/sqlite/enums";
import { convertUp, type ExchangeRate } from "@/lib/pricing/exchange";
import type { ReportTop } from "@/lib/products/contract";
import { PRODUCT_MODULES } from "@/lib/products/registry";

// Sales reports, aggregated in integer minor units (never floats). A sale is an order the
// buyer paid for and that was not given back: paid, placing, placed, fulfilled or
// needs_attention. Awaiting payment, cancelled, failed and refunded orders are not sales.
// Amounts are per currency: a report is in one currency (EUR or USD), and orders paid in
// another are counted apart (`otherCurrencyOrders`, `currencies`), never added to its figures.
// Margin = what the buyer paid − what the upstream charged. The upstream charges in euros: for an
// order paid in dollars the cost is converted at the order's own rate (the one its price was
// made with, lib/pricing/exchange.ts), rounded up. Orders whose cost is unknown yet (not placed)
// count as sales with no margin.

export const SALE_STATUSES: readonly OrderStatus[] = ["paid", "placing", "placed", "fulfilled", "needs_attention"];

export type ReportOrder = {
  productType: ProductType;
  status: OrderStatus;
  currency: string;
  retailAmount: number;
  costAmount: number | null;
  costCurrency: string | null;
  createdAt: Date;
  detail: unknown;
  /** The order's price breakdown (its `exchange`, for a cost in another currency). */
  pricing?: unknown;
};

export type Totals = { salesMinor: number; costMinor: number; marginMinor: number; orders: number };
export type DayRow = Totals & { day: string };
export type ProductRow = Totals & { productType: ProductType };
export type TopRow = { label: string; orders: number; salesMinor: number };

export type Report = {
  currency: string;
  from: string;
  to: string;
  totals: Totals;
  days: DayRow[];
  products: ProductRow[];
  top: { operators: TopRow[]; destinations: TopRow[]; brands: TopRow[]; devices: TopRow[] };
  otherCurrencyOrders: number;
  /** Every currency with sales in the range and how many orders each (the report's own included). */
  currencies: Array<{ currency: string; orders: number }>;
};

const empty = (): Totals => ({ salesMinor: 0, costMinor: 0, marginMinor: 0, orders: 0 });

/** What the upstream charged for the order, in the order's currency; null when unknown. */
export function costInOrderCurrency(
  order: Pick<ReportOrder, "costAmount" | "costCurrency" | "currency" | "pricing">,
): number | null {
  if (order.costAmount === null) return null;
  const costCurrency = (order.costCurrency ?? order.currency).toUpperCase();
  if (costCurrency === order.currency.toUpperCase()) return order.costAmount;
  const exchange = (order.pricing as { exchange?: ExchangeRate; costCurrency?: string } | null | undefined)?.exchange;
  return exchange && costCurrency === "EUR" && order.currency.toUpperCase() === "USD"
    ? convertUp(order.costAmount, exchange)
    : null;
}

function add(into: Totals, order: ReportOrder): void {
  const cost = costInOrderCurrency(order);
  into.salesMinor += order.retailAmount;
  into.orders += 1;
  if (cost !== null) {
    into.costMinor += cost;
    into.marginMinor += order.retailAmount - cost;
  }
}

/** Every UTC day from `from` to `to` inclusive, as YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function aggregateReport(
  orders: readonly ReportOrder[],
  range: { from: string; to: string; currency?: string; topLimit?: number },
): Report {
  const currency = (range.currency ?? "EUR").toUpperCase();
  const days = new Map(daysBetween(range.from, range.to).map((day) => [day, { day, ...empty() }]));
  const products = new Map<ProductType, ProductRow>();
  const tops = {
    operators: new Map<string, TopRow>(),
    destinations: new Map<string, TopRow>(),
    brands: new Map<string, TopRow>(),
    devices: new Map<string, TopRow>(),
  };
  const totals = empty();
  let otherCurrencyOrders = 0;
  const perCurrency = new Map<string, number>();

  for (const order of orders) {
    if (!SALE_STATUSES.includes(order.status)) continue;
    perCurrency.set(order.currency.toUpperCase(), (perCurrency.get(order.currency.toUpperCase()) ?? 0) + 1);
    if (order.currency.toUpperCase() !== currency) {
      otherCurrencyOrders += 1;
      continue;
    }
    const day = days.get(order.createdAt.toISOString().slice(0, 10));
    if (!day) continue;
    add(day, order);
    add(totals, order);
    const product = products.get(order.productType) ?? { productType: order.productType, ...empty() };
    add(product, order);
    products.set(order.productType, product);
    const top = topOf(order);
    if (top) {
      const list = tops[top.list];
      const row = list.get(top.label) ?? { label: top.label, orders: 0, salesMinor: 0 };
      row.orders += 1;
      row.salesMinor += order.retailAmount;
      list.set(top.label, row);
    }
  }

  const limit = range.topLimit ?? 5;
  const ranked = (map: Map<string, TopRow>) =>
    [...map.values()]
      .sort((a, b) => b.orders - a.orders || b.salesMinor - a.salesMinor || a.label.localeCompare(b.label))
      .slice(0, limit);
  return {
    currency,
    from: range.from,
    to: range.to,
    totals,
    days: [...days.values()],
    products: [...products.values()].sort((a, b) => b.salesMinor - a.salesMinor),
    top: {
      operators: ranked(tops.operators),
      destinations: ranked(tops.destinations),
      brands: ranked(tops.brands),
      devices: ranked(tops.devices),
    },
    otherCurrencyOrders,
    currencies: [...perCurrency]
      .map(([code, count]) => ({ currency: code, orders: count }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/**
 * Which "top" list an order counts in, and under what name, from what its detail holds: each
 * product says it (its module's `staff.reportTop`: the operator of a top-up, the destination of
 * an eSIM, the brand of a gift card, the device of an unlock), tolerant of older or partial details.
 */
export function topOf(order: Pick<ReportOrder, "productType" | "detail">): ReportTop | null {
  return PRODUCT_MODULES[order.productType].staff.reportTop(order.detail);
}
