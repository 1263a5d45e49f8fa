// Tolerant reads of older or partial JSON columns (the reports' grouping, fulfilment readers):
// a value of the wrong type reads as absent, never as an error.

export function obj(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The first value that is non-blank text, trimmed; null when none is. */
export function text(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === "string" && value.trim()) return value.trim();
  return null;
}
