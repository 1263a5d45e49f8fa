import type { Context, Handler } from "hono";
import type { UnlockEnv } from "./credentials";
import { replyError } from "./reply";

/** One route of the unlocking API (spec section 4); all need credentials. */
export type Endpoint = { method: "GET" | "POST" | "DELETE"; path: string; handler: Handler<UnlockEnv> };

/** A numeric path id, or a 400 reply naming the bad parameter. */
export function idParam(c: Context, name: string): number | Response {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,12}$/.test(raw)) return replyError(c, 400, `${name} must be a non-negative integer (got "${raw}")`);
  return Number(raw);
}

/** Several numeric path ids at once; the first bad one gives the 400 reply. */
export function idParams<K extends string>(c: Context, names: readonly K[]): Record<K, number> | Response {
  const out = {} as Record<K, number>;
  for (const name of names) {
    const value = idParam(c, name);
    if (value instanceof Response) return value;
    out[name] = value;
  }
  return out;
}
