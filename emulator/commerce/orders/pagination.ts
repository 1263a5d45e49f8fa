import { z } from "zod";

// Keyset pagination (upstream-notes): request `cursor`, `limit` (default 50, max 100; larger
// values are clamped); answer `meta.has_more` and `meta.cursor` (null on the last page).
// The cursor is opaque: base64url of the last row's key. Rows are newest first.

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

export const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(PAGE_DEFAULT)
    .transform((n) => Math.min(n, PAGE_MAX)),
  cursor: z.string().min(1).optional(),
};

export function encodeCursor(key: number): string {
  return Buffer.from(JSON.stringify({ before: key })).toString("base64url");
}

export function decodeCursor(cursor: string): number | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const before = (parsed as { before?: unknown }).before;
    return typeof before === "number" && Number.isInteger(before) ? before : null;
  } catch {
    return null;
  }
}

/** `rows` must be sorted by key, descending. */
export function pageOf<T>(rows: T[], keyOf: (row: T) => number, before: number | null, limit: number) {
  const after = before === null ? rows : rows.filter((row) => keyOf(row) < before);
  const items = after.slice(0, limit);
  const hasMore = after.length > limit;
  const last = items.at(-1);
  return {
    items,
    meta: { has_more: hasMore, cursor: hasMore && last !== undefined ? encodeCursor(keyOf(last)) : null, limit },
  };
}
