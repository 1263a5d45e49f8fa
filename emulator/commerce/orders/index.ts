import type { Hono } from "hono";
import type { EmulatorContext } from "../../core/context";
import type { CommerceCatalog } from "../priced-product";

// Placeholder until the order core lands.
export function registerOrders(_v2: Hono, _ctx: EmulatorContext, _catalog: CommerceCatalog): void {}
