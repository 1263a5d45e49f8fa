import type { Hono } from "hono";
import type { EmulatorContext } from "../core/context";

// Placeholder until the module lands: registers no routes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerUnlock(_app: Hono<any>, _ctx: EmulatorContext): void {}
