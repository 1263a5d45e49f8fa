import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { EmulatorContext } from "./context";
import { matches } from "./faults";
import { apiOf } from "./envelope";
import type { EmulatorEnv } from "./hono-env";

// Test control: rename one field in the JSON answers of one route, as a live service that
// renamed or dropped a field would answer. Lets tests prove that the shop (and its go-live
// check, lib/upstream/check/) notices a contract change instead of selling on a broken read.

export const fieldRenameSchema = z.object({
  method: z.string().toUpperCase().default("GET"),
  /** The route, matched like a fault rule's path (`*` one segment, trailing `**` the rest). */
  path: z.string().startsWith("/"),
  /**
   * Dotted path from the body's root to the field: `data.0.iso2`; `*` walks every element of
   * an array (or value of an object), e.g. `data.*.iso2` or the unlocking API's `res.*.name`.
   */
  from: z.string().min(1).max(200),
  /** The field's new name (same parent); the value is kept. */
  to: z.string().min(1).max(100),
});

export type FieldRename = z.infer<typeof fieldRenameSchema> & { id: number };

/** Kept beside the context (one list per emulator), cleared by the emulator's reset. */
const renamesOf = new WeakMap<EmulatorContext, FieldRename[]>();

export function fieldRenames(ctx: EmulatorContext) {
  let list = renamesOf.get(ctx);
  if (!list) {
    const fresh: FieldRename[] = [];
    list = fresh;
    renamesOf.set(ctx, fresh);
    ctx.onReset(() => fresh.splice(0));
  }
  const rules = list;
  let nextId = rules.reduce((max, rule) => Math.max(max, rule.id), 0) + 1;
  return {
    add(input: unknown): FieldRename {
      const rule = { ...fieldRenameSchema.parse(input), id: nextId++ };
      rules.push(rule);
      return rule;
    },
    list: (): FieldRename[] => [...rules],
    clear: () => void rules.splice(0),
    matching: (method: string, path: string) =>
      rules.filter((rule) => rule.method === method && matches(rule.path, path)),
  };
}

/** Renames the field in place; answers whether anything was renamed. */
export function renameAt(node: unknown, segments: string[], to: string): boolean {
  if (node === null || typeof node !== "object") return false;
  const [head, ...rest] = segments;
  if (head === undefined) return false;
  const record = node as Record<string, unknown>;
  if (head === "*")
    return Object.values(record)
      .map((child) => renameAt(child, rest, to))
      .some(Boolean);
  if (!(head in record)) return false;
  if (rest.length > 0) return renameAt(record[head], rest, to);
  if (Array.isArray(node)) return false;
  record[to] = record[head];
  delete record[head];
  return true;
}

/** Rewrites a matching JSON answer after its handler ran (API routes only, never the controls). */
export function fieldRenamesMiddleware(ctx: EmulatorContext): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    await next();
    if (apiOf(c.req.path, ctx) === "control") return;
    const rules = fieldRenames(ctx).matching(c.req.method, c.req.path);
    if (rules.length === 0 || !c.res.headers.get("content-type")?.includes("application/json")) return;
    let body: unknown;
    try {
      body = await c.res.clone().json();
    } catch {
      return;
    }
    for (const rule of rules) renameAt(body, rule.from.split("."), rule.to);
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
  };
}
