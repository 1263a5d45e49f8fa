// The report's date range from the URL (?from=YYYY-MM-DD&to=YYYY-MM-DD, UTC days, inclusive).
// Missing or invalid values fall back to the last 30 days; a range is at most MAX_DAYS long.

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;

export type DateRange = { from: string; to: string; error?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function valid(day: unknown): day is string {
  return (
    typeof day === "string" &&
    DAY.test(day) &&
    !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
    new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)
  );
}

function shift(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function parseRange(params: { from?: unknown; to?: unknown }, now: Date = new Date()): DateRange {
  const today = now.toISOString().slice(0, 10);
  const fallback = { from: shift(today, -(DEFAULT_DAYS - 1)), to: today };
  if (params.from === undefined && params.to === undefined) return fallback;
  if (!valid(params.from) || !valid(params.to))
    return { ...fallback, error: "Enter both dates as valid days; showing the last 30 days." };
  if (params.from > params.to)
    return { ...fallback, error: "The start date is after the end date; showing the last 30 days." };
  const length = (Date.parse(`${params.to}T00:00:00Z`) - Date.parse(`${params.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (length > MAX_DAYS)
    return {
      from: shift(params.to, -(MAX_DAYS - 1)),
      to: params.to,
      error: `A report covers at most ${MAX_DAYS} days; showing the last ${MAX_DAYS} up to the end date.`,
    };
  return { from: params.from, to: params.to };
}

/** The range as UTC instants for a query: [from 00:00, the day after `to` 00:00). */
export function rangeInstants(range: DateRange): { gte: Date; lt: Date } {
  return { gte: new Date(`${range.from}T00:00:00Z`), lt: new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000) };
}
