import type { Hono } from "hono";
import type { EmulatorContext } from "../../core/context";
import type { CommerceCatalog } from "../priced-product";

// Placeholder until the catalog lands.
export function registerCatalog(_v2: Hono, _ctx: EmulatorContext): CommerceCatalog {
  return { resolveToken: () => ({ ok: false, reason: "invalid" }), outcomeForPhone: () => "fulfill" };
}
