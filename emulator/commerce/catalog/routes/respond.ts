import type { Context } from "hono";
import { z } from "zod";
import type { EmulatorContext } from "../../../core/context";
import { commerceError, commerceOk } from "../../../core/envelope";
import { paginate } from "../pagination";

// Request validation and paged answers in the commerce envelope, shared by the catalog routes.

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** Validates the query string; bad input answers 400 VALIDATION_ERROR with zod's explanation. */
export function parseQuery<S extends z.ZodType>(c: Context, ctx: EmulatorContext, schema: S): Parsed<z.infer<S>> {
  const result = schema.safeParse(c.req.query());
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    response: commerceError(c, ctx, 400, "VALIDATION_ERROR", `Invalid query: ${z.prettifyError(result.error)}`),
  };
}

/** Path ids are numeric (upstream ids may be integers or numeric strings). */
export function parseId(c: Context, ctx: EmulatorContext, name: string): Parsed<number> {
  const raw = c.req.param(name) ?? "";
  if (/^\d{1,9}$/.test(raw)) return { ok: true, data: Number(raw) };
  return {
    ok: false,
    response: commerceError(c, ctx, 400, "VALIDATION_ERROR", `${name} must be a numeric id, got "${raw}"`),
  };
}

export function pagedOk<T>(
  c: Context,
  ctx: EmulatorContext,
  items: readonly T[],
  sortKey: (item: T) => string,
  params: { cursor?: string; limit: number },
  present: (item: T) => unknown,
  extraMeta: Record<string, unknown> = {},
) {
  const page = paginate(items, sortKey, params);
  if (!page.ok)
    return commerceError(
      c,
      ctx,
      400,
      "INVALID_CURSOR",
      "cursor is not a cursor this list returned; start again without it",
    );
  return commerceOk(c, ctx, page.items.map(present), 200, { ...page.meta, ...extraMeta });
}
