import type { HttpBindings } from "@hono/node-server";
import type { Hono } from "hono";

/**
 * The emulator app's Hono environment. It runs on @hono/node-server, whose bindings carry the
 * raw request and socket (the `reset` fault destroys it). There are no app-wide variables: a
 * module that sets per-request values (the caller's account) declares them on its own sub-app.
 */
export type EmulatorEnv = { Bindings: HttpBindings };

/** The app every module registers its routes on (app.ts `createEmulator`). */
export type EmulatorApp = Hono<EmulatorEnv>;
