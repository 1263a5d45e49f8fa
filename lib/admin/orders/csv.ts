// CSV for spreadsheets: RFC 4180 quoting, and a guard against formula injection — a cell that
// a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
// apostrophe, so an email like "=HYPERLINK(…)@x.com" stays text.

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value the shop generated itself in a known alphabet (order references are base64url and may
 * start with "-"): written exactly, so it can be matched back, with no formula guard.
 */
export class ShopId {
  constructor(readonly value: string) {
    if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new RangeError("ShopId: only [A-Za-z0-9_-]");
  }
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof ShopId) return value.value;
  let text = value instanceof Date ? value.toISOString() : String(value);
  // Plain numbers (amounts, negative refunds) are data, not formulas.
  if (FORMULA_START.test(text) && !(typeof value === "number")) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
