import { z } from "zod";

// Cursor pagination as upstream lists have it: request `cursor` and `limit` (default 50,
// max 100); the answer's meta carries `has_more` and `cursor` (null on the last page).
// Keyset: the cursor is the opaque (base64url) sort key of the last item returned, so a
// page never repeats or skips items even if the list changes between requests.

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export const pageQuery = {
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

export type PageMeta = { has_more: boolean; cursor: string | null; limit: number };

export function encodeCursor(sortKey: string): string {
  return Buffer.from(`k1:${sortKey}`, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string | undefined {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  return text.startsWith("k1:") ? text.slice(3) : undefined;
}

/** One page of `items` ordered by `sortKey`; `invalid_cursor` when the cursor is not one of ours. */
export function paginate<T>(
  items: readonly T[],
  sortKey: (item: T) => string,
  params: { cursor?: string; limit: number },
): { ok: true; items: T[]; meta: PageMeta } | { ok: false; reason: "invalid_cursor" } {
  const after = params.cursor === undefined ? undefined : decodeCursor(params.cursor);
  if (params.cursor !== undefined && after === undefined) return { ok: false, reason: "invalid_cursor" };
  const keyed = items
    .map((item) => ({ item, key: sortKey(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rest = after === undefined ? keyed : keyed.filter((k) => k.key > after);
  const page = rest.slice(0, params.limit);
  const hasMore = rest.length > page.length;
  return {
    ok: true,
    items: page.map((k) => k.item),
    meta: { has_more: hasMore, cursor: hasMore ? encodeCursor(page[page.length - 1]!.key) : null, limit: params.limit },
  };
}

/** Sort keys that order numbers correctly as strings. */
export function padded(n: number, width = 8): string {
  return String(n).padStart(width, "0");
}
