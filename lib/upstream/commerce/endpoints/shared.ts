import { z } from "zod";
import type { Page } from "../schemas/common";
import type { Result } from "../request";

// Small helpers shared by the endpoint groups.

/** One path segment, encoded (ids come from callers and catalogs; a "/" must not split them). */
export const seg = (value: string | number) => encodeURIComponent(String(value));

/** Cursor pagination (upstream-notes): `limit` default 50, max 100. */
export type PageQuery = { limit?: number; cursor?: string };
export type LangQuery = { lang?: string };

export const listOf = <S extends z.ZodType>(item: S) => z.array(item);

/** `meta.has_more` / `meta.cursor` → a Page; a list without them is one complete page. */
export function toPage<T>(result: Result<T[]>): Page<T> {
  const { meta } = result;
  const cursor = typeof meta.cursor === "string" || typeof meta.cursor === "number" ? String(meta.cursor) : null;
  return { items: result.data, hasMore: meta.has_more === true && cursor !== null, cursor, meta };
}
